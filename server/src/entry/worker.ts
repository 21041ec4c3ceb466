import { ConfigError } from '../platform/config.js';
import { startHeartbeat } from '../platform/jobs/heartbeat.js';
import { runWorker } from '../worker/run.js';
import { runProcess } from './process.js';

/**
 * `npm run worker`: the background worker as its own process (production runs it in its own container). It needs
 * DATABASE_URL and REDIS_URL; on the embedded default `npm start` runs it. It starts no HTTP server and no route.
 */
runProcess({
  service: 'gather-worker',
  stopping: 'worker stopping: letting running jobs finish',
  started: (config) => [{ queues: config.WORKER_QUEUES }, 'worker started'],
  check: (config) => {
    if (!config.DATABASE_URL || !config.REDIS_URL) {
      throw new ConfigError(
        'npm run worker needs DATABASE_URL and REDIS_URL. On the embedded default, `npm start` already runs the worker.',
      );
    }
  },
  start: async ({ ctx }, running) => {
    const workers = await runWorker(ctx);
    // Unhealthy to Docker at once when stopping, while the running jobs finish.
    running.push({ close: startHeartbeat(workers, ctx.redis) }, workers);
  },
});
