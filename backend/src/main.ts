import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { runWorker } from '@gather/worker/run';
import type { RunningWorkers } from '@gather/worker/worker';
import { ensureFirstAdmin } from './features/auth/first-admin.js';
import { MediaStorage } from './media/storage.js';
import { seedDemoContent } from './seed/seed.js';
import { startServer, type RunningServer } from './server.js';
import { startStack } from './stack.js';
import { RedisNotInstalledError } from './infra/local-redis.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const stack = await startStack(config, log);
  let server: RunningServer | undefined;
  let workers: RunningWorkers | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping Gather');
    await server?.close();
    await workers?.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await ensureFirstAdmin(stack.ctx);
  await new MediaStorage(config.MEDIA_DIR).removeStaleIncoming();
  if (config.SEED_DEMO_CONTENT) await seedDemoContent(stack.ctx);
  server = await startServer(stack.ctx);
  // On the embedded default the worker runs here too, so mail and thumbnails need no extra step.
  if (config.RUN_WORKER) workers = await runWorker(stack.ctx);
  log.info(`Gather is running at http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RedisNotInstalledError) {
    console.error(error.message);
  } else {
    console.error('Gather could not start:', error);
  }
  process.exit(1);
});
