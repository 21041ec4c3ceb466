import { QUEUE_NAMES } from '@gather/contracts';
import { Queue } from 'bullmq';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../platform/context.js';
import { MetricsRepository } from './repository.js';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * What an operator's Prometheus scrapes from this API process. Each app has its own registry (several run in
 * one test process). Counts that live in PostgreSQL or Redis are read at scrape time; a dependency that is
 * away leaves its gauges out of that scrape rather than holding it.
 */
export class SiteMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly queues: Queue[];

  constructor(ctx: AppContext, liveSockets: () => number) {
    const repository = new MetricsRepository(ctx.db);
    // Fails at once while Redis is away instead of holding the scrape.
    const redis = ctx.redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    this.queues = QUEUE_NAMES.map(
      (name) => new Queue(name, { connection: redis, prefix: ctx.config.QUEUE_PREFIX, skipMetasUpdate: true }),
    );
    for (const queue of this.queues) queue.on('error', () => undefined);
    const registers = [this.registry];

    this.requests = new Counter({
      name: 'gather_http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'gather_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const queues = this.queues;
    new Gauge({
      name: 'gather_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (failed: failed for good, kept 14 days)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        for (const queue of queues) {
          const counts = await queue.getJobCounts(...JOB_STATES).catch(() => undefined);
          for (const state of JOB_STATES) if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }
      },
    });
    new Gauge({
      name: 'gather_outbox_jobs',
      help: 'Jobs in the outbox not finished: waiting = not yet handed to Redis (grows while Redis is away)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of await repository.outboxBacklog().catch(() => [])) {
          this.set({ queue: row.queue, state: 'waiting' }, row.waiting);
          this.set({ queue: row.queue, state: 'unfinished' }, row.unfinished);
        }
      },
    });
    new Gauge({
      name: 'gather_live_sockets',
      help: 'Live connections (Q&A, staff consoles, upload pages) to this API process',
      registers,
      collect() {
        this.set(liveSockets());
      },
    });
    new Gauge({
      name: 'gather_campaign_deliveries',
      help: 'Deliveries of each sending or paused campaign by status',
      labelNames: ['campaign', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const row of await repository.campaignProgress().catch(() => [])) {
          this.set({ campaign: String(row.campaign), status: row.status }, row.deliveries);
        }
      },
    });
    this.close = async () => {
      await Promise.all(queues.map((queue) => queue.close()));
      redis.disconnect();
    };
  }

  readonly close: () => Promise<void>;

  /** Counts each request under its route's pattern (/api/sermons/:id/), never its raw path. */
  readonly recordRequests: RequestHandler = (req, res, next) => {
    const stop = this.durations.startTimer();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req, res.locals.route) };
      stop(labels);
      this.requests.inc({ ...labels, status: String(res.statusCode) });
    });
    next();
  };
}

function routeOf(req: Request, declared: unknown): string {
  if (typeof declared === 'string') return declared;
  const route = req.route as { path?: unknown } | undefined;
  if (typeof route?.path === 'string') return req.baseUrl + route.path;
  // Unmatched paths are grouped, so that scanners cannot make a series per path they try.
  if (req.originalUrl.startsWith('/media/')) return '/media/*';
  if (req.originalUrl.startsWith('/api/')) return '/api/* (other)';
  return 'page';
}
