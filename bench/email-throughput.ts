import nodemailer from 'nodemailer';
import { mailOptions } from '@gather/server/platform/mail/compose';
import { pino } from 'pino';
import { campaignMessage } from '@gather/server/features/newsletters/campaign-message';
import { mailSettings } from '@gather/server/platform/mail/settings';
import { UnsubscribeLinks } from '@gather/server/features/newsletters/unsubscribe';
import { LinkSigner, siteSecret } from '@gather/server/platform/signed-links';
import { runWorker } from '@gather/server/worker/run';
import { startCountingSmtp } from './support/counting-smtp.js';
import { startBenchSite, type BenchSite } from './support/site.js';

/**
 * Bulk mail throughput: a 10,000-recipient campaign through the real API, outbox, queue and worker
 * to a local SMTP server, paused and resumed half-way, against nodemailer alone sending the same
 * 10,000 messages (layout, unsubscribe link and headers, built by campaignMessage) over a pool of
 * the same size to the same server. The ratio is what the durable pipeline costs; the time the
 * campaign is held paused is not counted against it. After a smaller warm-up round of each (so
 * neither is timed while V8 still compiles its code), the two take turns, ROUNDS times, and the
 * median ratio is the result: one round's ratio swings by a tenth with what else the machine does.
 */
const MESSAGES = 10_000;
const ROUNDS = 5;
const WARM_UP = 1_000;
/** How long the campaign stays paused, so messages still arriving after the pause can be counted. */
const HOLD_MS = 1000;
const log = pino({ level: 'warn' });
// A service message: the bench's made-up members gave no consent to a newsletter.
const letter = { subject: 'Bench', content: 'Hello {name},\nsee you on <b>Sunday</b>.', kind: 'service' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface PipelineRound {
  seconds: number;
  cpu: number;
  createSeconds: number;
  heldSeconds: number;
  afterPause: number;
}

async function main(): Promise<void> {
  const received = new Map<string, number>();
  const sink = await startCountingSmtp((_raw, recipients) => {
    for (const address of recipients) {
      const round = address.slice(0, address.indexOf('-'));
      received.set(round, (received.get(round) ?? 0) + 1);
    }
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
  const worker = await runWorker(site.stack.ctx);
  const concurrency = site.config.WORKER_EMAIL_CONCURRENCY;
  const countOf = (round: string) => received.get(round) ?? 0;

  try {
    await throughPipeline(site, recipientsOf('member0', WARM_UP), countOf);
    await throughNodemailer(site, recipientsOf('raw0', WARM_UP), concurrency);
    const rounds: Array<{ pipeline: PipelineRound; raw: { seconds: number; cpu: number } }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const pipeline = await throughPipeline(site, recipientsOf(`member${round}`), countOf);
      const raw = await throughNodemailer(site, recipientsOf(`raw${round}`), concurrency);
      rounds.push({ pipeline, raw });
    }

    const addresses = [
      ...[recipientsOf('member0', WARM_UP), recipientsOf('raw0', WARM_UP)],
      ...rounds.flatMap((_, index) => [recipientsOf(`member${index + 1}`), recipientsOf(`raw${index + 1}`)]),
    ].flatMap((recipients) => recipients.map(({ email }) => email));
    const lost = addresses.filter((address) => !sink.counts.get(address)).length;
    const twice = addresses.filter((address) => (sink.counts.get(address) ?? 0) > 1).length;

    const ratios = rounds.map(({ pipeline, raw }) => raw.seconds / pipeline.seconds);
    console.log(`e-mail throughput, ${MESSAGES} messages, ${concurrency} SMTP connections, local smtp-server sink`);
    console.log(
      `  the send call made the ${MESSAGES}-recipient campaign in ` +
        `${median(rounds.map(({ pipeline }) => pipeline.createSeconds)).toFixed(2)} s (median)`,
    );
    rounds.forEach(({ pipeline, raw }, index) => {
      console.log(
        `  round ${index + 1}: API + outbox + worker ${(MESSAGES / pipeline.seconds).toFixed(0)} messages/s ` +
          `(${pipeline.seconds.toFixed(2)} s, not counting ${pipeline.heldSeconds.toFixed(2)} s paused; ` +
          `${pipeline.cpu.toFixed(1)} s CPU); nodemailer alone ${(MESSAGES / raw.seconds).toFixed(0)} messages/s ` +
          `(${raw.seconds.toFixed(2)} s; ${raw.cpu.toFixed(1)} s CPU); ratio ${ratios[index]!.toFixed(2)}; ` +
          `${pipeline.afterPause} arrived after the pause answered`,
      );
    });
    // API, worker and sink share this one process: its CPU is what the two ways of sending cost it.
    console.log(`  ratio: ${median(ratios).toFixed(2)} (median of ${ROUNDS}, pipeline / raw; target at least 0.8)`);
    console.log(`  lost: ${lost}, received twice: ${twice} (of ${addresses.length} addresses)`);
    if (lost || twice) throw new Error(`${lost} addresses got nothing and ${twice} got a message twice`);
    if (rounds.some(({ pipeline }) => pipeline.afterPause > concurrency))
      throw new Error(`more messages arrived after a pause than the ${concurrency} in flight`);
  } finally {
    await worker.close();
    await site.stop();
    await sink.close();
  }
}

function recipientsOf(round: string, count = MESSAGES) {
  return Array.from({ length: count }, (_, index) => ({
    email: `${round}-${index}@bench.example`,
    name: `Member ${index}`,
  }));
}

/** One campaign through the send call, paused half-way for HOLD_MS, to its last message. */
async function throughPipeline(
  site: BenchSite,
  recipients: Array<{ email: string; name: string }>,
  countOf: (round: string) => number,
): Promise<PipelineRound> {
  const round = recipients[0]!.email.split('-')[0]!;
  const headers = { cookie: await site.signInStaff(), origin: site.server.url };
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${site.server.url}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const { id } = (await call('POST', '/api/admin/email/send/', { recipients, ...letter })) as {
    id: number;
  };
  const createSeconds = (performance.now() - started) / 1000;

  while (countOf(round) < recipients.length / 2) await sleep(20);
  const pauseAsked = performance.now();
  await call('POST', `/api/admin/email/campaigns/${id}/pause/`);
  const atPause = countOf(round);
  await sleep(HOLD_MS);
  const afterPause = countOf(round) - atPause;
  await call('POST', `/api/admin/email/campaigns/${id}/resume/`);
  const held = performance.now() - pauseAsked;
  // The sink's count is cheap to watch; the campaign's detail (with its 10,000 recipients) is not.
  while (countOf(round) < recipients.length) await sleep(20);
  for (;;) {
    const detail = await call('GET', `/api/admin/email/campaigns/${id}/`);
    if (detail.status !== 'sending') {
      if (detail.status !== 'sent' || detail.sent !== recipients.length)
        throw new Error(`campaign ended ${JSON.stringify({ ...detail, content: undefined, recipients: undefined })}`);
      break;
    }
    await sleep(20);
  }
  return {
    seconds: (performance.now() - started - held) / 1000,
    cpu: cpuSeconds(process.cpuUsage(cpuStart)),
    createSeconds,
    heldSeconds: held / 1000,
    afterPause,
  };
}

/** The same messages the worker sends, to other addresses, as Mailer hands them to nodemailer. */
async function throughNodemailer(
  site: BenchSite,
  recipients: Array<{ email: string; name: string }>,
  concurrency: number,
) {
  const settings = mailSettings(site.config);
  const links = new UnsubscribeLinks(new LinkSigner(siteSecret(site.config)), settings);
  const from = { name: settings.from.name, address: settings.from.address };
  const transport = nodemailer.createTransport({
    url: `${site.config.SMTP_URL}`,
    pool: true,
    maxConnections: concurrency,
  });
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    recipients.map(({ email, name }) =>
      transport.sendMail(
        mailOptions(campaignMessage(settings, { ...letter, from }, { name, address: email }, links.linksFor(email))),
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(process.cpuUsage(cpuStart));
  transport.close();
  return { seconds, cpu };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
