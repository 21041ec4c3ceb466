import nodemailer from 'nodemailer';
import { mailOptions } from '@gather/backend/mail/compose';
import { pino } from 'pino';
import { campaignMessage } from '@gather/backend/mail/campaign';
import { mailSettings } from '@gather/backend/mail/settings';
import { UnsubscribeLinks, unsubscribeSecret } from '@gather/backend/mail/unsubscribe';
import { runWorker } from '@gather/worker/run';
import { startCountingSmtp } from './support/counting-smtp.js';
import { startBenchSite } from './support/site.js';

/**
 * Bulk mail throughput: a 10,000-recipient campaign through the real API, outbox, queue and worker
 * to a local SMTP server, paused and resumed half-way, against nodemailer alone sending the same
 * 10,000 messages (layout, unsubscribe link and headers, built by campaignMessage) over a pool of
 * the same size to the same server. The ratio is what the durable pipeline costs; the time the
 * campaign is held paused is not counted against it.
 */
const MESSAGES = 10_000;
/** How long the campaign stays paused, so messages still arriving after the pause can be counted. */
const HOLD_MS = 1000;
const log = pino({ level: 'warn' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  let campaignReceived = 0;
  const sink = await startCountingSmtp((_raw, recipients) => {
    campaignReceived += recipients.filter((address) => address.startsWith('member')).length;
    return recipients;
  });
  const site = await startBenchSite(
    {
      SMTP_URL: sink.url,
      WORKER_QUEUES: 'email',
      // The highest rate the setting allows, so the bench measures the pipeline, not the limiter.
      EMAIL_RATE_PER_SECOND: '10000',
    },
    log,
  );
  const { config, stack, server } = site;
  const worker = await runWorker(stack.ctx);
  const concurrency = config.WORKER_EMAIL_CONCURRENCY;

  try {
    const headers = { cookie: await site.signInStaff(), origin: server.url };
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as Record<string, unknown>;
    };
    const recipients = Array.from({ length: MESSAGES }, (_, index) => ({
      email: `member${index}@bench.example`,
      name: `Member ${index}`,
    }));
    // A service message: the bench's made-up members gave no consent to a newsletter.
    const letter = { subject: 'Bench', content: 'Hello {name},\nsee you on <b>Sunday</b>.', kind: 'service' };

    const pipelineCpuStart = process.cpuUsage();
    const started = performance.now();
    const { id } = (await call('POST', '/api/admin/email/send/', { recipients, ...letter })) as { id: number };
    const createSeconds = (performance.now() - started) / 1000;

    while (campaignReceived < MESSAGES / 2) await sleep(20);
    const pauseAsked = performance.now();
    await call('POST', `/api/admin/email/campaigns/${id}/pause/`);
    const atPause = campaignReceived;
    await sleep(HOLD_MS);
    const afterHold = campaignReceived;
    await call('POST', `/api/admin/email/campaigns/${id}/resume/`);
    const held = performance.now() - pauseAsked;
    // The sink's count is cheap to watch; the campaign's detail (with its 10,000 recipients) is not.
    while (campaignReceived < MESSAGES) await sleep(20);
    for (;;) {
      const detail = await call('GET', `/api/admin/email/campaigns/${id}/`);
      if (detail.status !== 'sending') {
        if (detail.status !== 'sent' || detail.sent !== MESSAGES)
          throw new Error(`campaign ended ${JSON.stringify({ ...detail, content: undefined, recipients: undefined })}`);
        break;
      }
      await sleep(20);
    }
    const pipelineSeconds = (performance.now() - started - held) / 1000;
    const pipelineCpu = process.cpuUsage(pipelineCpuStart);

    // The same messages the worker sends, to other addresses, as Mailer hands them to nodemailer.
    const settings = mailSettings(config);
    const links = new UnsubscribeLinks(unsubscribeSecret(config), settings);
    const from = { name: settings.from.name, address: settings.from.address };
    const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: concurrency });
    const rawCpuStart = process.cpuUsage();
    const rawStarted = performance.now();
    await Promise.all(
      recipients.map((_, index) => {
        const address = `raw${index}@bench.example`;
        const message = campaignMessage(
          settings,
          { ...letter, from },
          { name: `Member ${index}`, address },
          links.linksFor(address),
        );
        return transport.sendMail(mailOptions(message));
      }),
    );
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    const rawCpu = process.cpuUsage(rawCpuStart);
    transport.close();

    const addresses = [
      ...recipients.map(({ email }) => email),
      ...recipients.map((_, index) => `raw${index}@bench.example`),
    ];
    const lost = addresses.filter((address) => !sink.counts.get(address)).length;
    const twice = addresses.filter((address) => (sink.counts.get(address) ?? 0) > 1).length;

    const pipelineRate = MESSAGES / pipelineSeconds;
    const rawRate = MESSAGES / rawSeconds;
    const ratio = pipelineRate / rawRate;
    console.log(`e-mail throughput, ${MESSAGES} messages, ${concurrency} SMTP connections, local smtp-server sink`);
    console.log(`  the send call made the ${MESSAGES}-recipient campaign in ${createSeconds.toFixed(2)} s`);
    console.log(
      `  API + outbox + worker: ${pipelineRate.toFixed(0)} messages/s (${pipelineSeconds.toFixed(2)} s, ` +
        `not counting ${(held / 1000).toFixed(2)} s paused)`,
    );
    console.log(
      `  paused at ${atPause} received; ${afterHold - atPause} more arrived after the pause answered ` +
        `(at most ${concurrency} in flight)`,
    );
    console.log(`  nodemailer pool alone: ${rawRate.toFixed(0)} messages/s (${rawSeconds.toFixed(2)} s)`);
    console.log(`  ratio: ${ratio.toFixed(2)} (pipeline / raw; target at least 0.8)`);
    const cpuSeconds = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1e6).toFixed(1);
    // API, worker and sink share this one process: its CPU is what the two ways of sending cost it.
    console.log(
      `  this process's CPU: ${cpuSeconds(pipelineCpu)} s for the pipeline, ${cpuSeconds(rawCpu)} s for nodemailer alone`,
    );
    console.log(`  lost: ${lost}, received twice: ${twice} (of ${addresses.length} addresses)`);
    if (lost || twice) throw new Error(`${lost} addresses got nothing and ${twice} got a message twice`);
    if (afterHold - atPause > concurrency) throw new Error('more messages arrived after the pause than were in flight');
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
