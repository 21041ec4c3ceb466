import type { MailSettings } from './settings.js';

/** The church's bank details as a receipt lists them, read when the letter is written. */
export function bankDetails(settings: Pick<MailSettings, 'bank'>): Array<[label: string, value: string]> {
  const { bank } = settings;
  return [
    ['Account name', bank.accountName],
    ['Bank', bank.bankName],
    ['Sort code', bank.sortCode],
    ['Account number', bank.accountNumber],
  ];
}
