import type { HealthCheck, HealthCheckName, Readiness, SiteHealth } from '@gather/contracts';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';
import { lastWorkerBeat, WORKER_SILENT_AFTER_MS } from '../../platform/jobs/heartbeats.js';
import { HealthRepository } from './repository.js';

/** Probes give up sooner than a request would: a frozen dependency must not hold the answer. */
const PROBE_TIMEOUT_MS = 1000;
/** The mail server is asked at most this often, whoever calls. */
const MAIL_CHECK_EVERY_MS = 30_000;
const GIB = 1024 ** 3;

/** The dependencies without which visitors' requests or the background work fail; the rest only warn. */
const NEEDED_TO_BE_READY: HealthCheckName[] = ['database', 'redis', 'worker'];

const ok = (detail: string): HealthCheck => ({ status: 'ok', detail });
const warning = (detail: string): HealthCheck => ({ status: 'warning', detail });
const failing = (detail: string): HealthCheck => ({ status: 'failing', detail });

export class HealthService {
  private readonly repository: HealthRepository;
  private mail: { checkedAt: number; result: Promise<HealthCheck> } | undefined;

  constructor(private readonly ctx: AppContext) {
    this.repository = new HealthRepository(ctx.db);
  }

  async readiness(): Promise<Readiness> {
    const [database, redis, worker, mail, disk] = await Promise.all([
      probe(
        this.repository.ping().then(() => ok('answers')),
        'PostgreSQL does not answer',
      ),
      probe(
        this.ctx.redis.ping().then((reply) => (reply === 'PONG' ? ok('answers') : failing(`answered ${reply}`))),
        'Redis does not answer',
      ),
      probe(this.worker(), 'the worker cannot be asked while Redis is away'),
      this.mailServer(),
      probe(this.disk(), 'the media folder cannot be read'),
    ]);
    const checks = { database, redis, worker, mail, disk };
    const ready = NEEDED_TO_BE_READY.every((name) => checks[name].status === 'ok');
    return {
      status: ready ? 'ready' : 'not ready',
      database: database.status === 'ok',
      redis: redis.status === 'ok',
      checks,
    };
  }

  async problems(): Promise<SiteHealth> {
    const { checks } = await this.readiness();
    return {
      problems: Object.entries(checks)
        .filter(([, check]) => check.status !== 'ok')
        .map(([name, check]) => ({ check: name as HealthCheckName, ...check })),
    };
  }

  private async worker(): Promise<HealthCheck> {
    const beat = await lastWorkerBeat(this.ctx.redis, this.ctx.config.QUEUE_PREFIX);
    if (beat === undefined) return failing('no worker is running: mail, photos and zips wait');
    const seconds = Math.round((Date.now() - beat) / 1000);
    if (Date.now() - beat > WORKER_SILENT_AFTER_MS) {
      return failing(`the worker has been silent for ${seconds} s: mail, photos and zips wait`);
    }
    return ok(`last heartbeat ${seconds} s ago`);
  }

  private mailServer(): Promise<HealthCheck> {
    if (this.mail && Date.now() - this.mail.checkedAt < MAIL_CHECK_EVERY_MS) return this.mail.result;
    const url = this.ctx.config.SMTP_URL;
    const result = url ? reachable(new URL(url)) : Promise.resolve(warning('no mail server is set (SMTP_URL)'));
    this.mail = { checkedAt: Date.now(), result };
    return result;
  }

  private async disk(): Promise<HealthCheck> {
    const folder = await existingFolder(this.ctx.config.MEDIA_DIR);
    const stats = await fs.statfs(folder);
    const free = stats.bavail * stats.bsize;
    const share = stats.bavail / stats.blocks;
    const detail = `${(free / GIB).toFixed(1)} GB free for media (${Math.round(share * 100)}%)`;
    if (free < GIB / 10 || share < 0.01) return failing(`${detail}: uploads will soon fail`);
    if (free < GIB || share < 0.05) return warning(`${detail}: the disk is nearly full`);
    return ok(detail);
  }
}

function probe(check: Promise<HealthCheck>, whenItFails: string): Promise<HealthCheck> {
  const timeout = new Promise<HealthCheck>((resolve) =>
    setTimeout(() => resolve(failing(`${whenItFails} (no answer within 1 s)`)), PROBE_TIMEOUT_MS).unref(),
  );
  return Promise.race([check.catch(() => failing(whenItFails)), timeout]);
}

/** Whether the mail server accepts a connection (an SMTP conversation would cost it a session each time). */
function reachable(url: URL): Promise<HealthCheck> {
  const port = Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587);
  const where = `${url.hostname}:${port}`;
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port, timeout: PROBE_TIMEOUT_MS });
    const done = (check: HealthCheck) => {
      socket.destroy();
      resolve(check);
    };
    socket.once('connect', () => done(ok(`${where} accepts connections`)));
    socket.once('timeout', () => done(warning(`the mail server ${where} does not answer: mail is not going out`)));
    socket.once('error', () => done(warning(`the mail server ${where} refuses connections: mail is not going out`)));
  });
}

/** The media folder is made on first upload; until then its disk is that of the nearest folder above. */
async function existingFolder(folder: string): Promise<string> {
  let current = folder;
  while (
    !(await fs.stat(current).then(
      () => true,
      () => false,
    ))
  ) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return current;
}
