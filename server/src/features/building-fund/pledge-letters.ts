import { formatPennies, toPennies } from '@gather/contracts';
import type { Block } from '../../platform/mail/layout.js';
import { formatDay, formatMoney } from '../../platform/mail/format.js';
import type { MailSettings } from '../../platform/mail/settings.js';

/** A pledge as its mail tells it: amounts are decimal text, `paid` the sum of its gifts. */
export interface PledgeAccount {
  totalPledge: string;
  currency: string;
  payByDate: string;
  paid: string;
}

export interface GiftLine {
  receivedOn: string;
  amount: string;
  currency: string;
}

/** What a statement reports; `giftAidSince` is the day of the donor's earliest declaration in force. */
export interface Statement {
  pledges: PledgeAccount[];
  gifts: GiftLine[];
  giftAidSince: string | null;
  /** The tax year's name ("2025–26") for a year's statement; absent for one pledge's. */
  taxYear?: string;
}

export const remainingOf = (pledge: PledgeAccount) =>
  formatPennies(Math.max(0, toPennies(pledge.totalPledge) - toPennies(pledge.paid)));

const pledgeDetails = (pledge: PledgeAccount): Array<[string, string]> => {
  const money = (amount: string) => formatMoney(amount, pledge.currency);
  return [
    ['Pledged', money(pledge.totalPledge)],
    ['Received so far', money(pledge.paid)],
    ['Remaining', money(remainingOf(pledge))],
    ['Pay by', formatDay(pledge.payByDate)],
  ];
};

export function reminderBlocks(
  settings: MailSettings,
  kind: 'due-soon' | 'overdue',
  pledge: PledgeAccount,
  remindersOffUrl: string,
): { subject: string; blocks: Block[] } {
  const church = settings.churchName;
  const remaining = formatMoney(remainingOf(pledge), pledge.currency);
  const payBy = formatDay(pledge.payByDate);
  return {
    subject:
      kind === 'overdue'
        ? `Your building fund pledge: ${remaining} was due by ${payBy}`
        : `Your building fund pledge: ${remaining} to pay by ${payBy}`,
    blocks: [
      {
        paragraph:
          kind === 'overdue'
            ? `The pay-by date of your pledge to the ${church} building fund has passed and a balance remains.`
            : `The pay-by date of your pledge to the ${church} building fund is coming up and a balance remains.`,
      },
      { details: pledgeDetails(pledge) },
      {
        paragraph: `If you have paid since, thank you: please ignore this e-mail. Questions: ${settings.notifyAddress}.`,
      },
      { paragraph: `With thanks,\n${church}` },
      { link: remindersOffUrl, label: 'Stop reminders for this pledge' },
    ],
  };
}

export const giftAidLine = (since: string | null) =>
  since ? `Gift Aid declaration on file since ${formatDay(since)}` : 'No Gift Aid declaration';

/** A statement as paragraphs of plain text: the one statement is mailed alone or as a campaign's delivery. */
export function statementParagraphs(settings: Pick<MailSettings, 'churchName'>, statement: Statement): string[] {
  const church = settings.churchName;
  const gifts = statement.gifts.map(
    (gift) => `${formatDay(gift.receivedOn)}: ${formatMoney(gift.amount, gift.currency)}`,
  );
  const giftsTitle = statement.taxYear ? `Gifts received in the tax year ${statement.taxYear}:` : 'Gifts received:';
  return [
    statement.taxYear
      ? `Here is your statement of giving to the ${church} building fund for the tax year ${statement.taxYear} (6 April to 5 April).`
      : `Here is the statement of your pledge to the ${church} building fund.`,
    ...statement.pledges.map((pledge) =>
      pledgeDetails(pledge)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n'),
    ),
    gifts.length ? `${giftsTitle}\n${gifts.join('\n')}` : `${giftsTitle} none yet`,
    `Gift Aid: ${giftAidLine(statement.giftAidSince)}`,
    `With thanks,\n${church}`,
  ];
}

export const statementSubject = (settings: Pick<MailSettings, 'churchName'>, taxYear?: string) =>
  taxYear
    ? `Your ${settings.churchName} building fund statement for ${taxYear}`
    : `Your ${settings.churchName} building fund statement`;
