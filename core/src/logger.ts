import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; one line per event, with the request id added by pino-http. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: 'gather-api' } });
}
