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
}

export function mailSettings(config: Config): MailSettings {
  const domain = config.CHURCH_EMAIL_DOMAIN;
  return {
    churchName: config.CHURCH_NAME,
    domain,
    from: {
      name: config.EMAIL_FROM_NAME ?? config.CHURCH_NAME,
      address: config.EMAIL_FROM_ADDRESS ?? `no-reply@${domain}`,
    },
    notifyAddress: config.CHURCH_NOTIFY_EMAIL ?? `office@${domain}`,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    timeZone: config.CHURCH_TIMEZONE,
  };
}
