import { settingsFromConfig } from '../church-settings/defaults.js';
import type { ChurchSettingsStore } from '../church-settings/store.js';
import type { Config } from '../config.js';

export interface MailAddress {
  name: string;
  address: string;
}

/** One message to one person, as the worker hands it to SMTP. */
export interface MailMessage {
  to: MailAddress;
  from: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  html: string;
  text: string;
  /**
   * Mailing-list mail (every campaign message, whoever it goes to, and the newsletter welcome) and pledge
   * reminders: the one-click (RFC 8058) and mailto ways out, for the List-Unsubscribe headers.
   */
  unsubscribe?: { url: string; mailto: string };
  /** Files sent with the message: a calendar entry, or an image the HTML shows by its `cid`. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

/** The church's mail settings with their defaults filled in. */
export interface MailSettings {
  churchName: string;
  domain: string;
  from: MailAddress;
  notifyAddress: string;
  /** Where links in mail point: PUBLIC_URL, else this machine's own port. */
  publicUrl: string;
  timeZone: string;
  /** The letterhead's lines under the church's name: address and phone. */
  address: string;
  phone: string;
  /** How to give by bank transfer, for receipts. */
  bank: { accountName: string; bankName: string; sortCode: string; accountNumber: string };
}

/**
 * The mail settings, read at the moment a letter is written: with the church's store, what Settings saved last
 * (the worker refreshes it before each job); without, the settings file's.
 */
export function mailSettings(config: Config, church?: Pick<ChurchSettingsStore, 'latest'>): MailSettings {
  const fromFile = settingsFromConfig(config);
  const details = () => church?.latest ?? fromFile;
  return {
    get churchName() {
      return details().church_name;
    },
    domain: config.CHURCH_EMAIL_DOMAIN,
    get from() {
      return { name: details().email_from_name, address: details().email_from_address };
    },
    get notifyAddress() {
      return details().church_notify_email;
    },
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    get timeZone() {
      return details().time_zone;
    },
    get address() {
      return details().church_address;
    },
    get phone() {
      return details().church_phone;
    },
    get bank() {
      const now = details();
      return {
        accountName: now.bank_account_name,
        bankName: now.bank_name,
        sortCode: now.bank_sort_code,
        accountNumber: now.bank_account_number,
      };
    },
  };
}
