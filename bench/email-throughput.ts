import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { runWorker } from '@gather/worker/run';
import { startCountingSmtp } from './support/counting-smtp.js';
import { startBenchSite } from './support/site.js';

/**
 * Bulk mail throughput: a 5,000-recipient campaign through the real API, outbox, queue and worker
 * to a local SMTP server, against nodemailer alone sending 5,000 messages over a pool of the same
 * size to the same server. The ratio is what the durable pipeline costs.
 */
const MESSAGES = 5000;
const log = pino({ level: 'warn' });

async function main(): Promise<void> {
  const sink = await startCountingSmtp((_raw, recipients) => recipients);
  const site = await startBenchSite(
    {
      SMTP_URL: sink.url,
      WORKER_QUEUES: 'email',
      // The highest rate the setting allows, so the bench measures the pipeline, not the limiter.
      EMAIL_RATE_PER_SECOND: '1000',
    },
    log,
  );
  const { config, stack, server } = site;
  const worker = await runWorker(stack.ctx);
  const concurrency = config.WORKER_EMAIL_CONCURRENCY;

  try {
    const headers = { cookie: await site.signInStaff(), origin: server.url };
    const recipients = Array.from({ length: MESSAGES }, (_, index) => ({
      email: `member${index}@bench.example`,
      name: `Member ${index}`,
    }));
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/admin/email/send/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipients,
        subject: 'Bench',
        content: 'Hello {name},\nsee you on <b>Sunday</b>.',
        // A service message: the bench's made-up members gave no consent to a newsletter.
        kind: 'service',
      }),
    });
    const accepted = performance.now();
    if (answer.status !== 202) throw new Error(`send answered ${answer.status}: ${await answer.text()}`);
    const { id } = (await answer.json()) as { id: number };
    for (;;) {
      const detail = (await (await fetch(`${server.url}/api/admin/email/campaigns/${id}/`, { headers })).json()) as {
        status: string;
        sent: number;
      };
      if (detail.status !== 'sending') {
        if (detail.status !== 'sent' || detail.sent !== MESSAGES)
          throw new Error(`campaign ended ${JSON.stringify(detail)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pipelineSeconds = (performance.now() - started) / 1000;

    const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: concurrency });
    const rawStarted = performance.now();
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, index) =>
        transport.sendMail({
          from: 'Gather Church <no-reply@gatherchurch.org.uk>',
          to: { name: `Member ${index}`, address: `raw${index}@bench.example` },
          subject: 'Bench',
          text: `Hello Member ${index},\nsee you on Sunday.`,
          html: `Hello Member ${index},<br>\nsee you on <b>Sunday</b>.`,
        }),
      ),
    );
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    transport.close();

    const wrong = [
      ...recipients.map(({ email }) => email),
      ...recipients.map((_, index) => `raw${index}@bench.example`),
    ].filter((address) => sink.counts.get(address) !== 1);
    if (wrong.length) throw new Error(`${wrong.length} addresses did not get exactly one message, e.g. ${wrong[0]}`);

    const pipelineRate = MESSAGES / pipelineSeconds;
    const rawRate = MESSAGES / rawSeconds;
    console.log(`e-mail throughput, ${MESSAGES} messages, ${concurrency} SMTP connections, local smtp-server sink`);
    console.log(
      `  API + outbox + worker: ${pipelineRate.toFixed(0)} messages/s (${pipelineSeconds.toFixed(2)} s; ` +
        `the send call answered in ${((accepted - started) / 1000).toFixed(2)} s)`,
    );
    console.log(`  nodemailer pool alone: ${rawRate.toFixed(0)} messages/s (${rawSeconds.toFixed(2)} s)`);
    console.log(`  ratio: ${(pipelineRate / rawRate).toFixed(2)} (pipeline / raw)`);
    console.log(`  every one of the ${2 * MESSAGES} addresses received exactly one message`);
  } finally {
    await worker.close();
    await site.stop();
    await sink.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
