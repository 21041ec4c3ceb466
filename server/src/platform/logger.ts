import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** Which process wrote a line: the API (with the worker inside it on the embedded default) or the worker alone. */
export type Service = 'gather-api' | 'gather-worker';

/** Structured JSON logs; one line per event, with the request id added by pino-http. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, service: Service = 'gather-api'): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service } });
}
