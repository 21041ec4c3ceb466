import { EMAIL_MESSAGES, type CampaignKind, type CustomSender } from '@gather/contracts';
import { useState } from 'react';
import { emailKey, isValidEmail, type EmailRecipient } from './recipients';

/** 'default' is the church's own sender, 'custom' a typed address, a number a listed sender. */
export type SenderChoice = 'default' | 'custom' | number;

const EMPTY = {
  selected: new Set<string>(),
  custom: [] as EmailRecipient[],
  sender: 'default' as SenderChoice,
  customEmail: '',
  customName: '',
  subject: '',
  content: '',
  kind: 'newsletter' as CampaignKind,
  /** A service message's sender confirmed it is about something its recipients asked for. */
  serviceConfirmed: false,
};

export type EmailFormState = typeof EMPTY;

/** Why the typed sender address cannot be used, or null; an empty one is judged only on sending. */
export function customSenderError(email: string, domain: string): string | null {
  const typed = email.trim();
  if (!typed) return null;
  if (!isValidEmail(typed)) return EMAIL_MESSAGES.invalidEmail;
  if (domain && !typed.toLowerCase().endsWith(`@${domain.toLowerCase()}`)) return EMAIL_MESSAGES.senderDomain(domain);
  return null;
}

export function useEmailForm() {
  const [state, setState] = useState<EmailFormState>(EMPTY);
  const update = (changes: Partial<EmailFormState>) => setState((current) => ({ ...current, ...changes }));

  function addCustom(added: EmailRecipient[]) {
    setState((current) => {
      const selected = new Set(current.selected);
      for (const recipient of added) selected.add(emailKey(recipient.email));
      return { ...current, custom: [...current.custom, ...added], selected };
    });
  }

  function toggle(email: string) {
    setState((current) => {
      const selected = new Set(current.selected);
      const key = emailKey(email);
      if (selected.has(key)) selected.delete(key);
      else selected.add(key);
      return { ...current, selected };
    });
  }

  /** A saved draft back into the form. */
  const load = (loaded: EmailFormState) => setState(loaded);

  return { state, update, addCustom, toggle, load, reset: () => setState(EMPTY) };
}

export type EmailForm = ReturnType<typeof useEmailForm>;

/** Who the message goes from: nothing for the default sender, which the server fills in. */
export function senderOf(state: EmailFormState, senders: readonly CustomSender[]) {
  if (state.sender === 'default') return {};
  if (state.sender === 'custom') return { from_email: state.customEmail.trim(), from_name: state.customName.trim() };
  const listed = senders.find((sender) => sender.id === state.sender);
  return listed ? { from_email: listed.email, from_name: listed.name } : {};
}
