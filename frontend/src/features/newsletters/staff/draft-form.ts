import type { CampaignDetail, CustomSender, Recipient } from '@gather/contracts';
import type { DraftBody } from './api';
import { customRecipient, emailKey, listedRecipients, type EmailRecipient } from './recipients';
import { customSenderError, senderOf, type EmailFormState } from './useEmailForm';

/**
 * What the editor saves: everything, every time. A sender address still being typed (not yet a valid
 * church address) is saved as the church's own sender until it is one.
 */
export function draftBody(
  state: EmailFormState,
  chosen: readonly EmailRecipient[],
  senders: readonly CustomSender[],
  domain: string,
): DraftBody | null {
  if (!state.subject.trim() && !state.content.trim() && chosen.length === 0) return null;
  const typing =
    state.sender === 'custom' && (!state.customEmail.trim() || customSenderError(state.customEmail, domain));
  const sender = typing ? {} : senderOf(state, senders);
  return {
    recipients: chosen.map(({ email, name }) => ({ email, name })),
    subject: state.subject,
    content: state.content,
    kind: state.kind,
    from_email: sender.from_email ?? '',
    from_name: sender.from_name ?? '',
  };
}

/** A saved draft as the editor shows it: listed recipients ticked, others added as typed ones. */
export function formFromDraft(
  draft: CampaignDetail,
  listed: readonly Recipient[],
  senders: readonly CustomSender[],
  defaultSender: { email: string; name: string } | undefined,
): EmailFormState {
  const known = new Set(listedRecipients(listed).map((recipient) => emailKey(recipient.email)));
  const listedSender = senders.find((sender) => sender.email === draft.from_email && sender.name === draft.from_name);
  const isDefault =
    !defaultSender || (draft.from_email === defaultSender.email && draft.from_name === defaultSender.name);
  return {
    selected: new Set(draft.recipients.map((recipient) => emailKey(recipient.email))),
    custom: draft.recipients
      .filter((recipient) => !known.has(emailKey(recipient.email)))
      .map((recipient) => customRecipient(recipient.email, recipient.name)),
    sender: isDefault ? 'default' : (listedSender?.id ?? 'custom'),
    customEmail: isDefault || listedSender ? '' : draft.from_email,
    customName: isDefault || listedSender ? '' : draft.from_name,
    subject: draft.subject,
    content: draft.content,
    kind: draft.kind,
    // Confirmed again for each send: the confirmation is the sender's, not the draft's.
    serviceConfirmed: false,
  };
}
