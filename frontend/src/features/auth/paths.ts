/** The Security page: where staff set up two-step sign-in, and all an account that must set it up first may see. */
export const SECURITY_PATH = '/admin/security';
