import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';

export interface SmtpSinkHandle {
  /** smtp://127.0.0.1:<port>, for nodemailer. */
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * A local SMTP server that delivers nothing: each message is kept as an .eml file under `dir`,
 * so mail on the embedded default can be read (any mail client opens .eml) and nobody is
 * mailed by accident from a developer's machine.
 */
export async function startSmtpSink(options: { dir: string; log: Logger }): Promise<SmtpSinkHandle> {
  const { dir, log } = options;
  await fs.mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      pipeline(stream, createWriteStream(file)).then(
        () => {
          log.debug({ file, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) }, 'mail kept in the sink');
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', (error) => log.warn({ err: error.message }, 'SMTP sink problem'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
