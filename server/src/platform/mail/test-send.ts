import nodemailer from 'nodemailer';
import { mailOptions } from './compose.js';
import type { MailMessage } from './settings.js';

/** What nodemailer puts on a failed send. */
interface SmtpError extends Error {
  code?: string;
  response?: string;
}

/** The mail server's answer to one message sent at once, outside the worker's queue: accepted, or why not. */
export type MailServerAnswer = { ok: true; reply: string } | { ok: false; reply: string };

/** How long a staff member waits for a mail server that does not answer. */
const WAIT_MS = 15_000;

/** Sends one message on a connection of its own and answers what the server said, in its own words. */
export async function sendAndHear(smtpUrl: string | undefined, message: MailMessage): Promise<MailServerAnswer> {
  if (!smtpUrl) return { ok: false, reply: 'No mail server is set up: SMTP_URL is empty.' };
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: WAIT_MS,
    greetingTimeout: WAIT_MS,
    socketTimeout: WAIT_MS,
  });
  try {
    const info = await transport.sendMail(mailOptions(message));
    return { ok: true, reply: String(info.response ?? 'accepted') };
  } catch (error) {
    return { ok: false, reply: inPlainWords(error as SmtpError, smtpUrl) };
  } finally {
    transport.close();
  }
}

/** A failed send, said so that a volunteer knows whether to check the address, the password or the server. */
function inPlainWords(error: SmtpError, smtpUrl: string): string {
  const { hostname, port } = new URL(smtpUrl);
  const server = `${hostname}:${port || (smtpUrl.startsWith('smtps:') ? 465 : 587)}`;
  const said = error.response ? ` The server said: ${error.response}` : ` (${error.message})`;
  switch (error.code) {
    case 'EAUTH':
      return `The mail server at ${server} did not accept the user name or password.${said}`;
    case 'EENVELOPE':
    case 'EMESSAGE':
      return `The mail server at ${server} refused the message.${said}`;
    case 'ETLS':
      return `A secure connection to the mail server at ${server} could not be made.${said}`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ETIMEDOUT':
    case 'EDNS':
    case 'EPROTOCOL':
      return `The mail server at ${server} could not be reached.${said}`;
    default:
      return `The mail was not sent.${said}`;
  }
}
