import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message as the test SMTP server received it. */
export interface ReceivedMail {
  /** RCPT TO addresses: who the message was really delivered to. */
  envelopeTo: string[];
  raw: string;
  header(name: string): string | undefined;
  headerCount(name: string): number;
  subject: string;
  to: string;
  text: string;
  html: string;
  /** Files sent with it: a calendar entry, an inline image. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer; cid?: string }>;
}

export interface SmtpBehaviour {
  /** A reason makes the server answer 550 to this recipient. */
  rejectRecipient?: (address: string) => string | undefined;
  /** true makes the server drop the connection after this message's data, without answering. */
  dropMessage?: (address: string, attempt: number) => boolean;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Messages per recipient address the server accepted. */
  countFor(address: string): number;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps what it accepts: on 127.0.0.1, or on `host` (the Docker bridge's
 * address, for containers on this machine).
 */
export async function startTestSmtp(behaviour: SmtpBehaviour = {}, host = '127.0.0.1'): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const reason = behaviour.rejectRecipient?.(address.address.toLowerCase());
      if (!reason) return callback();
      callback(Object.assign(new Error(reason), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const key = envelopeTo.join(',');
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        if (behaviour.dropMessage?.(key, attempt)) {
          dropConnection(server, session);
          return;
        }
        parseMail(envelopeTo, Buffer.concat(chunks).toString('utf8')).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender killed mid-conversation (the worker-kill tests) resets its connection: expected, not a failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${host}:${port}`,
    received,
    countFor: (address) => received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase())).length,
    to: (address) => received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function dropConnection(server: SMTPServer, session: SMTPServerSession): void {
  for (const connection of server.connections) {
    if (connection.id === session.id) connection._socket.destroy();
  }
}

/** A received message as mailparser reads it; header values are the unfolded raw header lines. */
export async function parseMail(envelopeTo: string[], raw: string): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  const values = (name: string) =>
    mail.headerLines
      .filter((line) => line.key === name.toLowerCase())
      .map((line) =>
        line.line
          .slice(line.line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      );
  const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : (mail.to?.text ?? '');
  return {
    envelopeTo,
    raw,
    header: (name) => (name.toLowerCase() === 'from' ? from(mail) : values(name)[0]),
    headerCount: (name) => values(name).length,
    subject: mail.subject ?? '',
    to,
    text: (mail.text ?? '').replace(/\n$/, ''),
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((file) => ({
      filename: file.filename ?? '',
      contentType: file.contentType,
      content: file.content,
      cid: file.cid,
    })),
  };
}

/** The sender as `Name <address>`, its display name decoded. */
function from(mail: ParsedMail): string | undefined {
  const sender = mail.from?.value[0];
  return sender && (sender.name ? `${sender.name} <${sender.address}>` : sender.address);
}
