import { spawnSync } from 'node:child_process';
import { runWorker } from '@gather/server/worker/run';
import { startTestApp, type TestApp } from './app.js';
import { signInAsStaff, type Staff } from './staff.js';

export interface MediaApp {
  app: TestApp;
  staff: Staff;
  close(): Promise<void>;
}

/** A test API whose worker processes uploads and builds zips in-process, with a member of staff signed in. */
export async function startMediaApp(): Promise<MediaApp> {
  const app = await startTestApp({ WORKER_QUEUES: 'uploads,exports' });
  const staff = await signInAsStaff(app);
  const workers = await runWorker(app.ctx);
  return {
    app,
    staff,
    close: async () => {
      await workers.close();
      await app.close();
    },
  };
}

/** Video processing needs ffmpeg and ffprobe; without them videos are kept as sent. */
export const hasFfmpeg = !spawnSync('ffmpeg', ['-version']).error && !spawnSync('ffprobe', ['-version']).error;
