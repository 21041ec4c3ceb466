import { ConfigError, configWarnings, loadConfig, type Config } from '../platform/config.js';
import { RedisNotInstalledError } from '../platform/local-services/local-redis.js';
import { createLogger, type Service } from '../platform/logger.js';
import { startStack, type Stack } from '../platform/stack.js';

/** Something a process started and stops before the services it uses. */
export interface Running {
  close(): Promise<void>;
}

interface ProcessSpec {
  service: Service;
  /** Brings up what this process runs; on stop each is closed in the order it was pushed. */
  start(stack: Stack, running: Running[]): Promise<void>;
  /** What the log says once it runs: a message, or fields and a message. */
  started(config: Config): string | [Record<string, unknown>, string];
  stopping: string;
  /** A setting this process cannot run without, said before anything starts. */
  check?(config: Config): void;
}

/**
 * One Gather process (the API, the worker, or both for `npm start`): its settings, its log, its PostgreSQL and
 * Redis (started here on the embedded default), and a stop on Ctrl+C or Docker's SIGTERM that closes what it runs
 * first (no new requests or jobs; running jobs finish), then the services it was using.
 */
export function runProcess(spec: ProcessSpec): void {
  main(spec).catch((error: unknown) => {
    const why = whyNotStarted(error);
    if (typeof why === 'string') console.error(why);
    else console.error('Gather could not start:', why);
    process.exit(1);
  });
}

async function main(spec: ProcessSpec): Promise<void> {
  const config = loadConfig();
  spec.check?.(config);
  const log = createLogger(config, spec.service);
  for (const warning of configWarnings(config)) log.warn(warning);
  const stack = await startStack(config, log);
  const running: Running[] = [];
  const stop = async () => {
    for (const part of running) await part.close();
    await stack.stop();
  };
  let stopping = false;
  let starting: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, spec.stopping);
    // A stop that comes while the process is still starting (the API already answers, the worker is not yet up)
    // waits for it: what was still starting would otherwise find its database and Redis gone, and run on anyway.
    await starting.catch(() => undefined);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  starting = spec.start(stack, running);
  try {
    await starting;
  } catch (error) {
    // A stop under way closes what started and exits; the failure is its doing.
    if (stopping) return;
    stopping = true;
    await stop();
    throw error;
  }
  if (stopping) return;
  const said = spec.started(config);
  if (typeof said === 'string') log.info(said);
  else log.info(...said);
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
