import { startApi } from '../api/start.js';
import { runProcess } from './process.js';

/**
 * The API alone, as production runs it beside a worker of its own (docker-compose.yml's api services): HTTP, the
 * live sockets and the outbox relay. It starts no job processor: what it asks of the worker goes through the queue.
 */
runProcess({
  service: 'gather-api',
  stopping: 'stopping Gather',
  started: (config) => `Gather is running at http://localhost:${config.PORT}`,
  start: async ({ ctx }, running) => {
    running.push(await startApi(ctx));
  },
});
