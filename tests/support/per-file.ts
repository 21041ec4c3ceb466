import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.js';
import { signInAsStaff, type Staff } from './staff.js';

/**
 * What a test file starts once (a site, its worker, its pictures): started before the file's first test and
 * closed after its last. The answer reads it, and says plainly when something reads it before that.
 */
export function startedPerFile<Started extends { close(): unknown }>(
  name: string,
  start: () => Promise<Started>,
): () => Started {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error(`${name} starts before the first test.`);
    return started;
  };
}

export interface StaffSite {
  app: TestApp;
  staff: Staff;
  close(): Promise<void>;
}

/** A test API with a member of staff signed in. */
export async function startStaffSite(): Promise<StaffSite> {
  const app = await startTestApp();
  return { app, staff: await signInAsStaff(app), close: () => app.close() };
}

/** A test file's calls on the site it started once (`startedPerFile`): `app` and `staff` read that site. */
export abstract class CallsOnSite<Site extends StaffSite> {
  protected constructor(protected readonly site: () => Site) {}

  get app(): TestApp {
    return this.site().app;
  }

  get staff(): Staff {
    return this.site().staff;
  }
}
