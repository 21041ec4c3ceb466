import type { AppContext } from '../platform/context.js';
import { mediaStorage } from '../platform/media/media-store.js';
import { ensureFirstStaffAccount } from '../features/auth/first-staff-account.js';
import { seedDemoContent } from '../seed/seed.js';
import { startServer, type RunningServer } from './server.js';

export type { RunningServer };

const SWEEP_EVERY_MS = 3600 * 1000;

/**
 * The API as a process runs it: the first staff account, the demo content when asked for, the HTTP and socket
 * server, and the hourly sweep of uploads nobody finished; entry/api.ts and entry/all.ts start it.
 */
export async function startApi(ctx: AppContext): Promise<RunningServer> {
  const { config, log } = ctx;
  await ensureFirstStaffAccount(ctx);
  const storage = mediaStorage(config);
  await storage.removeStaleIncoming();
  // Resumable uploads a guest never finished would otherwise wait for the next restart, 100 MB at a time.
  const sweep = setInterval(() => {
    storage.removeStaleIncoming().catch((error: unknown) => log.warn({ err: error }, 'incoming sweep failed'));
  }, SWEEP_EVERY_MS).unref();
  if (config.SEED_DEMO_CONTENT) await seedDemoContent(ctx);
  const server = await startServer(ctx);
  return {
    ...server,
    close: async () => {
      clearInterval(sweep);
      await server.close();
    },
  };
}
