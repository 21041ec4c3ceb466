import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { events } from '@gather/server/platform/database/schema/events';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from './app.js';
import { isStored, mediaFiles as filesOfApp } from './stored-media.js';
import { eventually } from './eventually.js';
import { CallsOnSite, startedPerFile } from './per-file.js';
import { signInAsStaff, type Staff } from './staff.js';

/** Next year, so the event is upcoming whenever the tests run; July is summer time in London (UTC+1). */
export const year = new Date().getUTCFullYear() + 1;

export interface Picture {
  bytes: Uint8Array;
  name: string;
  type: string;
  field?: string;
}

/** The multipart form the staff page sends, with the picture under `image` unless it says otherwise. */
export function form(fields: Record<string, string>, picture?: Picture): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (picture) {
    const blob = new Blob([new Uint8Array(picture.bytes)], { type: picture.type });
    data.append(picture.field ?? 'image', blob, picture.name);
  }
  return data;
}

/** What the staff page sends for an event with only the required fields. */
export const required = { title: 'Carols by candlelight', description: 'Songs and readings', location: 'Main hall' };
export const eventForm = (fields: Record<string, string> = {}) => ({
  ...required,
  date: `${year}-07-01T19:00`,
  ...fields,
});

interface Site {
  app: TestApp;
  staff: Staff;
  workers: RunningWorkers;
  jpeg: Buffer;
  png: Buffer;
  close(): Promise<void>;
}

/**
 * What the tests of staff's event pages ask of one site: an API whose worker processes uploads, a signed-in member
 * of staff, two small pictures, and the calls and looks at the stored event that the tests share.
 */
export class StaffEvents extends CallsOnSite<Site> {
  /** A fresh site for one test file, started before its first test and closed after its last. */
  static forFile(): StaffEvents {
    return new StaffEvents(startedPerFile('The events test site', startSite));
  }

  get jpeg(): Buffer {
    return this.site().jpeg;
  }

  get png(): Buffer {
    return this.site().png;
  }

  /** Takes the worker away: uploads wait, unprocessed, until `startWorker`. */
  async stopWorker(): Promise<void> {
    await this.site().workers.close();
  }

  async startWorker(): Promise<void> {
    this.site().workers = await runWorker(this.app.ctx);
  }

  photo = (bytes: Buffer = this.jpeg, name = 'carols.jpg'): Picture => ({ bytes, name, type: 'image/jpeg' });

  staffCall = (method: string, route: string, body?: unknown) => this.app.call(method, route, body, this.staff.headers);

  createEvent = (fields: Record<string, string> = {}, picture?: Picture) =>
    this.staffCall('POST', '/api/events/', form(eventForm(fields), picture));

  mediaFiles = (): Promise<string[]> => filesOfApp(this.app);

  exists = (mediaUrl: string) => isStored(this.app, mediaUrl.replace(/^\/media\//, ''));

  storedEvent = async (id: number) => {
    const [row] = await this.app.ctx.db.select().from(events).where(eq(events.id, id));
    return row;
  };

  eventCount = async () => (await this.app.ctx.db.select({ id: events.id }).from(events)).length;

  /** The event as visitors get it, once the worker has dealt with its new image and tidied the files it replaced. */
  processed = (id: number) =>
    eventually(async () => {
      const row = await this.storedEvent(id);
      if (!row || row.image?.includes('.processing-')) return undefined;
      const waiting = (await this.mediaFiles()).filter((file) => file.includes('.processing-'));
      if (waiting.length > 0) return undefined;
      const listed = await this.app.call('GET', '/api/events/');
      return listed.body.find((event: { id: number }) => event.id === id);
    }, `event ${id}'s image processed`);

  served = async (url: string): Promise<{ bytes: Buffer; type: string | null }> => {
    const answer = await fetch(this.app.url + url);
    expect(answer.status, url).toBe(200);
    return { bytes: Buffer.from(await answer.arrayBuffer()), type: answer.headers.get('content-type') };
  };
}

async function startSite(): Promise<Site> {
  const app = await startTestApp({ WORKER_QUEUES: 'uploads' });
  const workers = await runWorker(app.ctx);
  const staff = await signInAsStaff(app);
  const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#335577' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa0000' } })
    .png()
    .toBuffer();
  const site: Site = {
    app,
    staff,
    workers,
    jpeg,
    png,
    // The worker a test stopped and started again is the one to close.
    close: async () => {
      await site.workers.close();
      await app.close();
    },
  };
  return site;
}
