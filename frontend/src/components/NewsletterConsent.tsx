import { NEWSLETTER_CONSENT_LABEL } from '@gather/contracts';
import type { InputHTMLAttributes, Ref } from 'react';
import { Choice } from './Field';

/**
 * The unticked box that asks for consent to the newsletter on every visitor form that takes an
 * address (PECR: only a tick the visitor made counts). Give it the form's `register('newsletter_consent')`.
 */
export function NewsletterConsent(props: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <Choice type="checkbox" label={NEWSLETTER_CONSENT_LABEL} {...props} />;
}
