import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { services } from '@gather/server/platform/database/schema/services';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let peer: TestApp;
let staff: Staff;

beforeAll(async () => {
  app = await startTestApp();
  peer = await startPeerApp(app);
  staff = await signInAsStaff(app);
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await app?.close();
});

const year = new Date().getFullYear() + 1;

function eventForm(title: string): FormData {
  const data = new FormData();
  const fields = { title, description: 'Songs and readings', location: 'Main hall', date: `${year}-07-01T19:00` };
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const titles = async (from: TestApp, path = '/api/events/upcoming/') =>
  (await from.call('GET', path)).body.map((event: { title: string }) => event.title) as string[];
const serviceNames = async (from: TestApp) =>
  (await from.call('GET', '/api/services/')).body.map((service: { name: string }) => service.name) as string[];

/**
 * A browser checking its copy. (Node's fetch adds `Cache-Control: no-cache` to a bare If-None-Match, which asks
 * for the whole answer; a browser revalidating its cache sends `max-age=0`.)
 */
const revalidating = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

/**
 * Rows written straight to the database, as a restore would: no staff write announces them, so a list served
 * from memory does not show them until staff change something (or the cache's minute runs out).
 */
async function writtenBehindTheCache(name: string) {
  await app.ctx.db.insert(services).values({ name, day: 'Sunday', time: '6:00 PM', description: 'Evensong' });
}

describe('public lists kept between staff edits', () => {
  it('serves visitors from memory, and shows a staff edit at once in this API process and the other', async () => {
    expect(await serviceNames(app)).toEqual([]);
    expect(await serviceNames(peer)).toEqual([]);
    await writtenBehindTheCache('Evensong');
    // Both processes answer from memory: the hundreds of phones after a Sunday notice do not reach PostgreSQL.
    expect(await serviceNames(app)).toEqual([]);
    expect(await serviceNames(peer)).toEqual([]);

    expect(await titles(app)).toEqual([]);
    expect(await titles(peer)).toEqual([]);
    const created = await app.call('POST', '/api/events/', eventForm('Carols by candlelight'), staff.headers);
    expect(created.status).toBe(201);

    expect(await titles(app)).toEqual(['Carols by candlelight']);
    expect(await serviceNames(app)).toEqual(['Evensong']);
    // The other process hears of the edit through Redis a moment later.
    await eventually(async () => (await titles(peer)).length === 1, 'the other API process shows the new event');
    expect(await titles(peer)).toEqual(['Carols by candlelight']);
    expect(await serviceNames(peer)).toEqual(['Evensong']);
  });

  it('answers 304 for an unchanged list, and a new ETag after a staff edit', async () => {
    const first = await app.call('GET', '/api/events/');
    const etag = first.headers.get('etag')!;
    // Strong, from the body: the same list has the same ETag in every API process.
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await peer.call('GET', '/api/events/')).headers.get('etag')).toBe(etag);

    const unchanged = await app.call('GET', '/api/events/', undefined, revalidating(etag));
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');

    const edited = await app.call('POST', '/api/events/', eventForm('Harvest supper'), staff.headers);
    expect(edited.status).toBe(201);
    const fresh = await app.call('GET', '/api/events/', undefined, revalidating(etag));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect(fresh.body.map((event: { title: string }) => event.title)).toContain('Harvest supper');
    await eventually(
      async () => (await peer.call('GET', '/api/events/', undefined, revalidating(etag))).status === 200,
      'the other API process answers the new list',
    );
  });

  it('answers a kept list with the security headers, request id and metrics of any answer, per query', async () => {
    const latest = (query: string, headers?: Record<string, string>) =>
      app.call('GET', `/api/sermons/latest/${query}`, undefined, headers);
    await app.ctx.db
      .insert(sermons)
      .values([1, 2, 3, 4, 5].map((n) => ({ title: `Sermon ${n}`, speaker: 'Pastor Ade', date: `2026-01-0${n}` })));

    const read = async (query: string) => {
      const first = await latest(query);
      const again = await latest(query, { 'x-request-id': `again-${query.length}` });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('x-request-id')).toBe(`again-${query.length}`);
      expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      return (again.body as Array<{ title: string }>).map((sermon) => sermon.title);
    };
    expect(await read('?limit=3')).toEqual(['Sermon 5', 'Sermon 4', 'Sermon 3']);
    expect(await read('?limit=2')).toEqual(['Sermon 5', 'Sermon 4']);
    expect(await read('')).toHaveLength(5);
    // A query that does not check is refused every time, however often good ones were answered from memory.
    for (const attempt of [1, 2]) expect((await latest('?limit=abc')).status, `attempt ${attempt}`).toBe(400);

    const scraped = parsePrometheusTextFormat((await app.call('GET', '/metrics', undefined, staff.headers)).body);
    const counted = scraped
      .find((family) => family.name === 'gather_http_requests_total')!
      .metrics.filter((sample) => sample.labels?.route === '/api/sermons/latest/' && sample.labels.status === '200');
    expect(counted.reduce((sum, sample) => sum + Number(sample.value), 0)).toBe(6);
  });
});
