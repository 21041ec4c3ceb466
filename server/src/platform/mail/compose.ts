import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage } from './settings.js';

/** What nodemailer is given for one message: the worker sends it, the preview builds it, so both agree. */
export function mailOptions(message: MailMessage): Mail.Options {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
    // One List-Unsubscribe header with both ways out, as RFC 2369 and 8058 ask.
    list: message.unsubscribe && { unsubscribe: [[message.unsubscribe.url, message.unsubscribe.mailto]] },
    headers: message.unsubscribe && { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The headers a recipient's mail program acts on, besides From, To and Subject. */
const SHOWN_HEADERS = ['list-unsubscribe', 'list-unsubscribe-post'];

/**
 * The message as nodemailer would hand it to SMTP, built (not sent) by the same options, and the
 * headers of it that matter to a reader, unfolded.
 */
export async function builtHeaders(message: MailMessage): Promise<Record<string, string>> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mailOptions(message));
  const raw = (info.message as Buffer).toString('utf8');
  const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    if (SHOWN_HEADERS.includes(name.toLowerCase())) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** "Name" <address>, as a mail program shows a sender or recipient. */
export const addressLine = (address: { name: string; address: string }) =>
  address.name ? `${address.name} <${address.address}>` : address.address;
