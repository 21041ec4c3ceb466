import type { Config } from '../config.js';
import { mailOptions } from './compose.js';
import type { MailMessage } from './settings.js';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** What nodemailer puts on a failed send. */
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
}

/**
 * The worker's one way to send mail: a pooled SMTP transport, made at the first message and kept
 * for the life of the process, with as many connections as e-mail jobs run at once.
 */
export class Mailer {
  private transport?: Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;

  constructor(private readonly config: Pick<Config, 'SMTP_URL' | 'WORKER_EMAIL_CONCURRENCY'>) {}

  /** Sends one message to its one recipient; answers the message id the server accepted. */
  async send(message: MailMessage): Promise<string> {
    const info = await this.connection().sendMail(mailOptions(message));
    return info.messageId;
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }

  private connection(): Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options> {
    if (!this.config.SMTP_URL) {
      // startStack always sets it (its own sink otherwise); only a hand-made context lacks it.
      throw new Error('No SMTP server: set SMTP_URL');
    }
    this.transport ??= nodemailer.createTransport({
      url: this.config.SMTP_URL,
      pool: true,
      maxConnections: this.config.WORKER_EMAIL_CONCURRENCY,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return this.transport;
  }
}

/**
 * The server refused this recipient or this message for good (5xx to RCPT TO or DATA, e.g. 550
 * unknown user): retrying would get the same answer. A 5xx at login or connection is the
 * church's set-up, not the recipient's, so it is retried like a 4xx or a dropped connection.
 */
export function isPermanentRejection(error: unknown): boolean {
  const smtp = error as SmtpError;
  return smtp.permanent === true && (smtp.code === 'EENVELOPE' || smtp.code === 'EMESSAGE');
}

/** The server's own words when it gave any, for the campaign's failure list. */
export function failureReason(error: unknown): string {
  const smtp = error as SmtpError;
  return (smtp.response ?? smtp.message ?? String(error)).slice(0, 1000);
}
