import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { startStack } from '../platform/stack.js';
import { startHeartbeat } from '../platform/jobs/heartbeat.js';
import { runWorker } from '../worker/run.js';

/**
 * `npm run worker`: the background worker as its own process (production runs it in its own
 * container). It needs DATABASE_URL and REDIS_URL; on the embedded default `npm start` runs it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL || !config.REDIS_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL and REDIS_URL. On the embedded default, `npm start` already runs the worker.',
    );
  }
  const log = createLogger(config, 'gather-worker');
  const stack = await startStack(config, log);
  const workers = await runWorker(stack.ctx);
  const stopHeartbeat = startHeartbeat(workers, stack.ctx.redis);
  log.info({ queues: config.WORKER_QUEUES }, 'worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: letting running jobs finish');
    await stopHeartbeat();
    await workers.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
