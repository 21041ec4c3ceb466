import { remainingBalance, type NotificationKind } from '@gather/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { buildingFundPledges } from '../../platform/database/schema/building-fund.js';
import { formatDay, formatMoney } from '../../platform/mail/format.js';
import { draftMessage, notYou, RECORD_DELETED, type Draft, type Letters } from '../../platform/mail/letter.js';
import { bankDetails } from '../../platform/mail/bank-details.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import { reminderBlocks, statementParagraphs, statementSubject } from './pledge-letters.js';
import { loadReminder, pledgeStatement } from './pledge-mail-repository.js';
import type { ReminderLinks } from './reminder-links.js';

type PledgeRow = typeof buildingFundPledges.$inferSelect;

const PAYMENT_TYPES: Record<string, string> = { full: 'Full payment', partial: 'Partial payment' };
const PAYMENT_METHODS: Record<string, string> = {
  online: 'Online',
  bank_transfer: 'Bank transfer',
  in_person: 'In person',
};

/** A pledge's mail to its donor: the confirmation, the staff's follow-up, reminders and statements. */
export function buildingFundLetters(
  db: Database,
  settings: MailSettings,
  links: Pick<ReminderLinks, 'remindersOffUrl'>,
): Letters<'pledge-confirmation' | 'pledge-follow-up' | 'pledge-reminder' | 'pledge-statement'> {
  const pledgeLetter = (kind: 'pledge-confirmation' | 'pledge-follow-up') => async (id: number) => {
    const [pledge] = await db.select().from(buildingFundPledges).where(eq(buildingFundPledges.id, id));
    return pledge ? draftMessage(settings, pledgeDraft(settings, kind, pledge)) : RECORD_DELETED;
  };
  return {
    'pledge-confirmation': pledgeLetter('pledge-confirmation'),
    'pledge-follow-up': pledgeLetter('pledge-follow-up'),
    'pledge-reminder': async (id) => {
      const row = await loadReminder(db, id);
      if (!row) return RECORD_DELETED;
      const { kind, pledgeId, email, stillDue, ...account } = row;
      if (!stillDue) return { skip: 'no longer due' };
      const url = links.remindersOffUrl(pledgeId);
      // The mail program's own unsubscribe button posts to the same link (RFC 8058) and stops these reminders.
      const mailto = `mailto:${settings.notifyAddress}?subject=${encodeURIComponent(`Stop reminders for pledge ${pledgeId}`)}`;
      return draftMessage(settings, {
        to: { name: '', address: email },
        ...reminderBlocks(settings, kind, account, url),
        unsubscribe: { url, mailto },
        notMailingList: true,
      });
    },
    'pledge-statement': async (id) => {
      const found = await pledgeStatement(db, id);
      if (!found) return RECORD_DELETED;
      return draftMessage(settings, {
        to: { name: '', address: found.email },
        subject: statementSubject(settings, found.statement.taxYear),
        blocks: statementParagraphs(settings, found.statement).map((paragraph) => ({ paragraph })),
      });
    },
  };
}

function pledgeDraft(
  settings: MailSettings,
  kind: Extract<NotificationKind, 'pledge-confirmation' | 'pledge-follow-up'>,
  pledge: PledgeRow,
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
        { paragraph: 'Our bank details, to pay by bank transfer:' },
        { details: bankDetails(settings) },
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
