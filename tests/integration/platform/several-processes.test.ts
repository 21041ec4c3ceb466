import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { stopChild } from '@gather/server/platform/local-services/child-process';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { SiteProcesses, sharedEnv, type SiteProcess } from '../../support/site-process.js';
import { sessionCookie } from '../../support/staff.js';

/** Owns the database (made and migrated here) and reads it; the processes under test are the children. */
let owner: TestApp;
let shared: Record<string, string>;
const processes = new SiteProcesses(() => shared);
const sockets: Array<LiveClient<unknown>> = [];
let staff: { username: string; password: string };

beforeAll(async () => {
  owner = await startTestApp();
  // Every process keeps media in the same folder of the test S3 server.
  shared = sharedEnv(owner, {
    MEDIA_STORAGE_URL: inject('mediaStoreUrl')!.replace('?', `/several-${randomBytes(4).toString('hex')}?`),
  });
  staff = { username: 'staff_several', password: randomBytes(12).toString('base64url') };
  await new StaffPasswords(new AuthRepository(owner.ctx.db)).setPassword(staff.username, staff.password);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await processes.stopAll();
  await owner?.close();
});

const startApi = () => processes.api('server/src/entry/all.ts');
const startProcess = (entry: string, ready: string, env: Record<string, string> = {}) =>
  processes.start(entry, ready, env);

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
}

async function call(on: SiteProcess, method: string, route: string, body?: unknown, cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = { origin: on.url, ...(cookie && { cookie }) };
  let sent: BodyInit | undefined;
  if (body instanceof FormData) sent = body;
  else if (body !== undefined) {
    sent = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(on.url + route, { method, headers, body: sent });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
}

async function bytesFrom(on: SiteProcess, route: string, cookie?: string): Promise<Buffer> {
  const response = await fetch(on.url + route, { headers: { origin: on.url, ...(cookie && { cookie }) } });
  expect(response.status, `${route} from ${on.url}`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function uploadPhoto(on: SiteProcess, collectionId: string, colour: string): Promise<number> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('uploader_name', 'Ruth');
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${colour}.jpg`);
  const answer = await call(on, 'POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const processed = (id: number) =>
  eventually(async () => {
    const [row] = await owner.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, id));
    return row?.status === 'ready' && row.thumbnail ? row : undefined;
  }, `upload ${id} processed by the worker process`);

describe('two API processes and a worker process sharing PostgreSQL, Redis and the S3 media store', () => {
  it('behave as one site, and losing one API loses nothing', async () => {
    const [first, second] = [await startApi(), await startApi()];
    await startProcess('server/src/entry/worker.ts', '"msg":"worker started"', { WORKER_LOCK_MS: '2000' });

    // Signed in on one, staff are signed in on the other.
    const login = await call(first, 'POST', '/api/admin/auth/login', { ...staff, remember: false });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login.headers);
    expect((await call(second, 'GET', '/api/admin/auth/me', undefined, cookie)).status).toBe(200);

    // A question sent to one reaches a moderator connected to the other.
    const [sunday] = await owner.ctx.db
      .insert(qnaSessions)
      .values({ title: 'Sunday Q&A', description: 'Ask the pastors' })
      .returning();
    const moderator = await connectLive<StaffSocket>(second, 'staff', { extraHeaders: { cookie, origin: second.url } });
    sockets.push(moderator);
    expect(await moderator.socket.emitWithAck('qna:join', sunday!.id)).toEqual({ ok: true });
    const asked = await call(first, 'POST', `/api/qna/public/sessions/${sunday!.id}/submit/`, {
      text: 'What does grace mean?',
      name: 'Ruth',
      category: 'faith',
    });
    expect(asked.status).toBe(201);
    expect((await moderator.next('question:created')).id).toBe(asked.body.id);

    // A photo uploaded through one is processed by the worker and served by both, from the store.
    const [picnic] = await owner.ctx.db.insert(photoCollections).values({ name: 'Picnic' }).returning();
    const photo = await processed(await uploadPhoto(first, picnic!.id, '#336699'));
    const fromFirst = await bytesFrom(first, `/media/${photo.thumbnail}`);
    expect(await bytesFrom(second, `/media/${photo.thumbnail}`)).toEqual(fromFirst);
    expect(await fs.stat(path.join(owner.mediaDir, photo.file)).catch(() => 'not on a local disk')).toBe(
      'not on a local disk',
    );

    // A zip built by the worker downloads from either.
    const exports = `/api/admin/photo-collections/${picnic!.id}/exports/`;
    const zipAsked = await call(second, 'POST', exports, undefined, cookie);
    expect(zipAsked.status).toBe(202);
    const zip = await eventually(async () => {
      const answer = await call(first, 'GET', `${exports}${zipAsked.body.id}/`, undefined, cookie);
      return answer.body.status === 'ready' ? answer.body : undefined;
    }, 'the zip is built');
    expect(zip.file_count).toBe(1);
    const download = `${exports}${zipAsked.body.id}/download/`;
    const zipped = await bytesFrom(first, download, cookie);
    expect(zipped.subarray(0, 2).toString()).toBe('PK');
    expect(await bytesFrom(second, download, cookie)).toEqual(zipped);

    // Uploads the first process accepted before it stops are all kept and processed; the second serves them.
    const accepted = await Promise.all(['#aa0000', '#00aa00', '#0000aa'].map((c) => uploadPhoto(first, picnic!.id, c)));
    await stopChild(first.child, 'SIGTERM');
    for (const id of accepted) {
      const row = await processed(id);
      expect((await bytesFrom(second, `/media/${row.thumbnail}`)).length).toBeGreaterThan(0);
    }
    expect((await call(second, 'GET', '/api/admin/auth/me', undefined, cookie)).status).toBe(200);
    const later = await processed(await uploadPhoto(second, picnic!.id, '#999999'));
    expect((await bytesFrom(second, `/media/${later.file}`)).length).toBeGreaterThan(0);
  }, 240_000);
});
