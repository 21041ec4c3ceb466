import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { RunningWorkers } from './worker.js';

/** Written while this process's workers run and reach Redis; Docker's health check reads its age. */
export const HEARTBEAT_FILE = path.join(os.tmpdir(), 'gather-worker-heartbeat');
export const HEARTBEAT_EVERY_MS = 10_000;

/** Keeps the heartbeat file fresh while the workers are healthy; the returned stop removes it. */
export function startHeartbeat(running: RunningWorkers, redis: Redis): () => Promise<void> {
  const beat = async () => {
    const healthy = redis.status === 'ready' && running.workers.every((worker) => worker.isRunning());
    if (healthy) await fs.writeFile(HEARTBEAT_FILE, new Date().toISOString()).catch(() => undefined);
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await fs.rm(HEARTBEAT_FILE, { force: true });
  };
}
