import type { NotificationKind } from '@gather/contracts';
import { letter, oneLine, renderBlocks, type Block } from './layout.js';
import type { MailAddress, MailMessage, MailSettings } from './settings.js';

/**
 * A feature's mail for one kind of notification: it reads its record fresh (a record deleted meanwhile sends
 * nothing) and answers the message, or why none goes. Mail to the address a visitor typed (receipts,
 * confirmations, follow-ups) carries none of the visitor's own words, not even their name: anyone can type
 * someone else's address, so such mail must never carry a stranger's text. The office's notices keep every
 * field, escaped.
 */
export type Letter = (recordId: number) => Promise<MailMessage | { skip: string }>;

/** Each feature's letters by the kind of notification they write; the worker needs one for every kind. */
export type Letters<Kind extends NotificationKind = NotificationKind> = Record<Kind, Letter>;

/** What a letter says, before it is laid out. */
export interface Draft {
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  blocks: Block[];
  unsubscribe?: MailMessage['unsubscribe'];
  /**
   * Mail that is not from a mailing list (a pledge's reminders) carries the List-Unsubscribe headers, so a mail
   * program's own button stops it, without the mailing-list footer: its blocks say how to stop it instead.
   */
  notMailingList?: true;
  attachments?: MailMessage['attachments'];
}

export const RECORD_DELETED = { skip: 'record deleted' } as const;

/**
 * The mail for one draft. The welcome mail, like every newsletter mail, carries a way out; a pledge reminder
 * carries the link that stops reminders for that pledge.
 */
export function draftMessage(settings: MailSettings, draft: Draft): MailMessage {
  const subject = oneLine(draft.subject);
  const footerUrl = draft.notMailingList ? undefined : draft.unsubscribe?.url;
  const body = letter(settings, subject, renderBlocks(draft.blocks), footerUrl);
  return {
    to: { name: oneLine(draft.to.name), address: draft.to.address },
    from: settings.from,
    replyTo: draft.replyTo && { name: oneLine(draft.replyTo.name), address: draft.replyTo.address },
    subject,
    html: body.html,
    text: body.text,
    unsubscribe: draft.unsubscribe,
    attachments: draft.attachments,
  };
}

/** The church's office, which notices go to and visitors may write to. */
export const officeOf = (settings: MailSettings): MailAddress => ({
  name: settings.churchName,
  address: settings.notifyAddress,
});

/** Someone may have typed another's address into a form; the owner is told what to do. */
export const notYou = (settings: MailSettings) =>
  `If you did not fill in this form, someone may have typed your address by mistake: you can ignore this e-mail, or tell us at ${settings.notifyAddress}.`;

/** "25 November 2026 at 10:30" in the church's time zone. */
export function formatMoment(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(moment);
}
