import { remainingBalance, type NotificationKind } from '@gather/contracts';
import type { buildingFundPledges } from '../database/schema/building-fund.js';
import type { newsletterSubscribers } from '../database/schema/newsletters.js';
import type { connectSubmissions, contactSubmissions, givingSubmissions } from '../database/schema/submissions.js';
import { formatDay, formatMoney } from './format.js';
import { letter, oneLine, renderBlocks, type Block } from './layout.js';
import {
  reminderBlocks,
  statementParagraphs,
  statementSubject,
  type PledgeAccount,
  type Statement,
} from '../../features/building-fund/pledge-letters.js';
import type { MailAddress, MailMessage, MailSettings } from './settings.js';
import type { UnsubscribeLinks } from '../../features/newsletters/unsubscribe.js';

/**
 * The row a notification is about, loaded fresh by the worker. Mail to the address a visitor typed
 * (receipts, confirmations, follow-ups) carries none of the visitor's own words, not even their name:
 * anyone can type someone else's address, so such mail must never carry a stranger's text. The
 * office's notices keep every field, escaped.
 */
export type NotificationRecord =
  | { kind: 'giving-receipt' | 'giving-notification'; giving: typeof givingSubmissions.$inferSelect }
  | { kind: 'pledge-confirmation' | 'pledge-follow-up'; pledge: typeof buildingFundPledges.$inferSelect }
  | {
      kind: 'pledge-reminder';
      reminder: { kind: 'due-soon' | 'overdue'; pledgeId: number; email: string };
      account: PledgeAccount;
      /** Reminders still on, a balance remaining and the pledge not completed, as the row stands now. */
      stillDue: boolean;
    }
  | { kind: 'pledge-statement'; email: string; statement: Statement }
  | { kind: 'newsletter-welcome'; subscriber: typeof newsletterSubscribers.$inferSelect }
  | { kind: 'contact-notification'; contact: typeof contactSubmissions.$inferSelect }
  | { kind: 'connect-notification'; connect: typeof connectSubmissions.$inferSelect }
  | { kind: 'staff-password-link'; link: StaffPasswordLinkRecord };

/** A set-password link as the worker reads it; `usable` is false once used, expired or the account deactivated. */
export interface StaffPasswordLinkRecord {
  id: number;
  nonce: string;
  username: string;
  email: string;
  expiresAt: Date;
  usable: boolean;
}

type Unsubscribe = NonNullable<MailMessage['unsubscribe']>;

const GIFT_TYPES: Record<string, string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  missions: 'Missions',
  building: 'Building fund',
  special: 'Special gift',
  other: 'Other',
};
const PAYMENT_TYPES: Record<string, string> = { full: 'Full payment', partial: 'Partial payment' };
const PAYMENT_METHODS: Record<string, string> = {
  online: 'Online',
  bank_transfer: 'Bank transfer',
  in_person: 'In person',
};
function formatMoment(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(moment);
}

/** Someone may have typed another's address into a form; the owner is told what to do. */
const notYou = (settings: MailSettings) =>
  `If you did not fill in this form, someone may have typed your address by mistake: you can ignore this e-mail, or tell us at ${settings.notifyAddress}.`;

interface Draft {
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  blocks: Block[];
  unsubscribe?: Unsubscribe;
}

/** The signed links a notification may carry: a newsletter's way out, a pledge's reminders off. */
export type NotificationLinks = Pick<UnsubscribeLinks, 'linksFor' | 'remindersOffUrl' | 'staffPasswordUrl'>;

/**
 * The mail for one notification. The welcome mail, like every newsletter mail, carries a way
 * out; a pledge reminder carries the link that stops reminders for that pledge.
 */
export function notificationMessage(
  settings: MailSettings,
  record: NotificationRecord,
  links: NotificationLinks,
): MailMessage {
  const draft = draftFor(settings, record, links);
  const subject = oneLine(draft.subject);
  const body = letter(settings, subject, renderBlocks(draft.blocks), draft.unsubscribe?.url);
  return {
    to: { name: oneLine(draft.to.name), address: draft.to.address },
    from: settings.from,
    replyTo: draft.replyTo && { name: oneLine(draft.replyTo.name), address: draft.replyTo.address },
    subject,
    html: body.html,
    text: body.text,
    unsubscribe: draft.unsubscribe,
  };
}

function draftFor(settings: MailSettings, record: NotificationRecord, links: NotificationLinks): Draft {
  const church = settings.churchName;
  const office: MailAddress = { name: church, address: settings.notifyAddress };
  switch (record.kind) {
    case 'staff-password-link': {
      const { link } = record;
      return {
        to: { name: link.username, address: link.email },
        subject: `Set your password for the ${church} website`,
        blocks: [
          { paragraph: `Your staff account "${link.username}" on the ${church} website is ready for a new password.` },
          { link: links.staffPasswordUrl(link.id, link.nonce), label: 'Set my password' },
          {
            paragraph: `The link works once, until ${formatMoment(link.expiresAt, settings.timeZone)}. If you did not expect this e-mail, you can ignore it.`,
          },
        ],
      };
    }
    case 'giving-receipt': {
      const { giving } = record;
      return {
        to: { name: '', address: giving.email },
        subject: `Thank you for your gift to ${church}`,
        blocks: [
          { paragraph: `Thank you for your generous gift! This is your receipt for the gift you told us about.` },
          {
            details: [
              ['Gift', GIFT_TYPES[giving.givingType] ?? giving.givingType],
              ['Received', formatMoment(giving.createdAt, settings.timeZone)],
            ],
          },
          { paragraph: notYou(settings) },
          { paragraph: `With thanks,\n${church}` },
        ],
      };
    }
    case 'giving-notification': {
      const { giving } = record;
      return {
        to: office,
        replyTo: { name: giving.name, address: giving.email },
        subject: `Giving form: ${giving.name}`,
        blocks: [
          { paragraph: `${giving.name} told us about a gift. Reply to this e-mail to answer them.` },
          {
            details: [
              ['Name', giving.name],
              ['Email', giving.email],
              ...(giving.phone ? [['Phone', giving.phone] as [string, string]] : []),
              ['Gift', GIFT_TYPES[giving.givingType] ?? giving.givingType],
              ['Sent', formatMoment(giving.createdAt, settings.timeZone)],
            ],
          },
          ...(giving.message ? [{ quote: giving.message }] : []),
        ],
      };
    }
    case 'pledge-confirmation':
    case 'pledge-follow-up':
      return pledgeDraft(settings, record.kind, record.pledge);
    case 'pledge-reminder': {
      const { reminder } = record;
      const url = links.remindersOffUrl(reminder.pledgeId);
      return {
        to: { name: '', address: reminder.email },
        ...reminderBlocks(settings, reminder.kind, record.account, url),
      };
    }
    case 'pledge-statement':
      return {
        to: { name: '', address: record.email },
        subject: statementSubject(settings, record.statement.taxYear),
        blocks: statementParagraphs(settings, record.statement).map((paragraph) => ({ paragraph })),
      };
    case 'newsletter-welcome': {
      const { subscriber } = record;
      const unsubscribe = links.linksFor(subscriber.email);
      return {
        to: { name: '', address: subscriber.email },
        subject: `Welcome to the ${church} newsletter`,
        blocks: [
          { paragraph: `Thank you for subscribing to the ${church} newsletter.` },
          { paragraph: 'We will write with news of services, events and church life.' },
          { paragraph: 'If you did not sign up, or change your mind, you can leave the list at any time:' },
          { link: unsubscribe.url, label: 'Unsubscribe' },
        ],
        unsubscribe,
      };
    }
    case 'contact-notification': {
      const { contact } = record;
      return {
        to: office,
        replyTo: { name: contact.name, address: contact.email },
        subject: `Contact form: ${contact.subject}`,
        blocks: [
          {
            paragraph: `${contact.name} sent a message through the contact form. Reply to this e-mail to answer them.`,
          },
          {
            details: [
              ['Name', contact.name],
              ['Email', contact.email],
              ...(contact.phone ? [['Phone', contact.phone] as [string, string]] : []),
              ['Subject', contact.subject],
              ['Sent', formatMoment(contact.createdAt, settings.timeZone)],
            ],
          },
          { quote: contact.message },
        ],
      };
    }
    case 'connect-notification': {
      const { connect } = record;
      const name = `${connect.firstName} ${connect.lastName}`.trim();
      return {
        to: office,
        replyTo: { name, address: connect.email },
        subject: `Connect form: ${name}`,
        blocks: [
          { paragraph: `${name} filled in the connect form. Reply to this e-mail to answer them.` },
          {
            details: [
              ['Name', name],
              ['Email', connect.email],
              ...(connect.phone ? [['Phone', connect.phone] as [string, string]] : []),
              ['Interests', connect.interests.length ? connect.interests.join(', ') : 'None chosen'],
              ['Sent', formatMoment(connect.createdAt, settings.timeZone)],
            ],
          },
          ...(connect.message ? [{ quote: connect.message }] : []),
        ],
      };
    }
  }
}

function pledgeDraft(
  settings: MailSettings,
  kind: Extract<NotificationKind, 'pledge-confirmation' | 'pledge-follow-up'>,
  pledge: typeof buildingFundPledges.$inferSelect,
): Draft {
  const church = settings.churchName;
  const money = (amount: string) => formatMoney(amount, pledge.currency);
  const remaining = remainingBalance(pledge.totalPledge, pledge.paymentAmount);
  const payBy = formatDay(pledge.payByDate);
  const to = { name: '', address: pledge.email };
  const method = PAYMENT_METHODS[pledge.paymentMethod] ?? pledge.paymentMethod;
  if (kind === 'pledge-confirmation') {
    return {
      to,
      subject: `Your building fund pledge to ${church}`,
      blocks: [
        { paragraph: `Thank you for your pledge to the ${church} building fund. Here is what you pledged:` },
        {
          details: [
            ['Total pledge', money(pledge.totalPledge)],
            ['Payment type', PAYMENT_TYPES[pledge.paymentType] ?? pledge.paymentType],
            ['Amount to pay now', money(pledge.paymentAmount)],
            ...(pledge.paymentType === 'partial' ? [['Remaining balance', money(remaining)] as [string, string]] : []),
            ['Pay by', payBy],
            ['Payment method', method],
          ],
        },
        { paragraph: `If anything here is not right, please write to us at ${settings.notifyAddress}.` },
        { paragraph: notYou(settings) },
        { paragraph: `With thanks,\n${church}` },
      ],
    };
  }
  return {
    to,
    subject: `Your building fund pledge: ${money(remaining)} to pay by ${payBy}`,
    blocks: [
      {
        paragraph:
          `Thank you again for pledging ${money(pledge.totalPledge)} to the ${church} building fund. ` +
          `This is a friendly reminder of what remains.`,
      },
      {
        details: [
          ['Total pledge', money(pledge.totalPledge)],
          ['Remaining balance', money(remaining)],
          ['Pay by', payBy],
          ['Payment method', method],
        ],
      },
      {
        paragraph: `If you have already paid, thank you, and please ignore this e-mail. Questions: ${settings.notifyAddress}.`,
      },
      { paragraph: `With thanks,\n${church}` },
    ],
  };
}
