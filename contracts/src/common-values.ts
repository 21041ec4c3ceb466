/** The words, limits and helpers of every form that pages show, apart from the schemas: no zod here, so pages load none. */

/**
 * The unticked "Send me the church's newsletter" box on every visitor form that takes an address:
 * only a tick is consent, so absent and null mean no.
 */
export const NEWSLETTER_CONSENT_LABEL = "Send me the church's newsletter";
