import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { recordWorkerBeat, removeWorkerBeat, WORKER_BEAT_EVERY_MS } from './heartbeats.js';
import type { RunningWorkers } from './workers.js';

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

/**
 * Beats into Redis while this process's workers run, so the API's readiness and the staff dashboard can tell
 * a silent worker (the file above is only seen inside the worker's own container). A Redis that comes back
 * hears a beat at once. The returned stop takes this worker out.
 */
export function startWorkerBeat(running: RunningWorkers, redis: Redis, prefix: string): () => Promise<void> {
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID()}`;
  const beat = () => {
    if (!running.workers.every((worker) => worker.isRunning())) return;
    recordWorkerBeat(redis, prefix, workerId).catch(() => undefined);
  };
  beat();
  redis.on('ready', beat);
  const timer = setInterval(beat, WORKER_BEAT_EVERY_MS);
  return async () => {
    clearInterval(timer);
    redis.off('ready', beat);
    await removeWorkerBeat(redis, prefix, workerId).catch(() => undefined);
  };
}
