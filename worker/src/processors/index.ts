import type { AppContext } from '@gather/backend/context';
import type { Processors } from '../worker.js';

/** Every job's processor, built once per worker process. */
export function createProcessors(_ctx: AppContext): Partial<Processors> {
  return {};
}
