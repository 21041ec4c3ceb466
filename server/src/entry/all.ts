import { startApi, type RunningServer } from '../api/start.js';
import { ConfigError, configWarnings, loadConfig } from '../platform/config.js';
import { RedisNotInstalledError } from '../platform/local-services/local-redis.js';
import { createLogger } from '../platform/logger.js';
import { startStack } from '../platform/stack.js';
import { runWorker, type RunningWorkers } from '../worker/run.js';

/**
 * `npm start`: the API and, unless RUN_WORKER=false, the worker in one process, with the embedded PostgreSQL,
 * Redis and mail catcher when no servers are configured. It sits above both packages, which never import each other.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  for (const warning of configWarnings(config)) log.warn(warning);
  const stack = await startStack(config, log);
  let server: RunningServer | undefined;
  let workers: RunningWorkers | undefined;
  // The app first (no new requests or jobs), then the services it was using.
  const stop = async () => {
    await server?.close();
    await workers?.close();
    await stack.stop();
  };
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping Gather');
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    server = await startApi(stack.ctx);
    // On the embedded default the worker runs here too, so mail and thumbnails need no extra step.
    if (config.RUN_WORKER) workers = await runWorker(stack.ctx);
  } catch (error) {
    stopping = true;
    await stop();
    throw error;
  }
  log.info(`Gather is running at http://localhost:${config.PORT}`);
}

/** What went wrong, in one line where the cause is the operator's to fix. */
function whyNotStarted(error: unknown): unknown {
  if (error instanceof ConfigError || error instanceof RedisNotInstalledError) return error.message;
  const { code, syscall, address, hostname, port } = error as NodeJS.ErrnoException & {
    address?: string;
    hostname?: string;
    port?: number;
  };
  if (syscall === 'listen' && code === 'EADDRINUSE') {
    return `Gather could not start: port ${port} is already in use. Stop what uses it, or set PORT to another port.`;
  }
  if (syscall === 'listen' || code === 'ENOTFOUND') {
    return `Gather could not start: it cannot listen on HOST ${address ?? hostname} (${code}). Set HOST to an address of this machine, e.g. 0.0.0.0.`;
  }
  return error;
}

main().catch((error: unknown) => {
  const why = whyNotStarted(error);
  if (typeof why === 'string') console.error(why);
  else console.error('Gather could not start:', why);
  process.exit(1);
});
