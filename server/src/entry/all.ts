import { startApi } from '../api/start.js';
import { runWorker } from '../worker/run.js';
import { runProcess } from './process.js';

/**
 * `npm start`: the API and, unless RUN_WORKER=false, the worker in one process, with the embedded PostgreSQL,
 * Redis and mail catcher when no servers are configured.
 */
runProcess({
  service: 'gather-api',
  stopping: 'stopping Gather',
  started: (config) => `Gather is running at http://localhost:${config.PORT}`,
  start: async ({ ctx }, running) => {
    // Closed in this order: the API first (no new requests), then the worker (running jobs finish).
    running.push(await startApi(ctx));
    // On the embedded default the worker runs here too, so mail and thumbnails need no extra step.
    if (ctx.config.RUN_WORKER) running.push(await runWorker(ctx));
  },
});
