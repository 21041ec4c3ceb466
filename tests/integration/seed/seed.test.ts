import { count, gte, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumImages, albums } from '@gather/server/platform/database/schema/albums';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { events } from '@gather/server/platform/database/schema/events';
import { homepageContent } from '@gather/server/platform/database/schema/homepage';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { services } from '@gather/server/platform/database/schema/services';
import { seedDemoContent } from '@gather/server/seed/seed';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship' });
});
afterAll(() => app.close());

const tables = { sermons, events, services, albums, albumImages, homepageContent, qnaSessions, photoCollections };

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await app.ctx.db.select({ rows: count() }).from(table);
    counts[name] = row!.rows;
  }
  return counts;
}

async function mediaFiles(): Promise<string[]> {
  const entries = await fs.readdir(app.mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('demo content seed', () => {
  let firstCounts: Record<string, number>;

  beforeAll(async () => {
    await seedDemoContent(app.ctx);
    firstCounts = await rowCounts();
  });

  it('fills every public area of an empty site', () => {
    expect(firstCounts).toEqual({
      sermons: 8,
      events: 7,
      services: 4,
      albums: 3,
      albumImages: expect.any(Number),
      homepageContent: 1,
      qnaSessions: 1,
      photoCollections: 1,
    });
    expect(firstCounts.albumImages).toBeGreaterThanOrEqual(12);
    expect(firstCounts.albumImages).toBeLessThanOrEqual(18);
  });

  it('seeds only once: a second run changes nothing, files included', async () => {
    const filesBefore = await mediaFiles();
    await seedDemoContent(app.ctx);
    expect(await rowCounts()).toEqual(firstCounts);
    expect((await mediaFiles()).sort()).toEqual(filesBefore.sort());
  });

  it('serves the weekly services exactly as the site lists them', async () => {
    const { body } = await app.call('GET', '/api/services/');
    expect(body.map(({ day, time, name }: Record<string, string>) => `${day} ${time} ${name}`)).toEqual([
      'Monday 7:00 PM Grow in the Word',
      'Wednesday 7:00 PM Prayer Meeting',
      'Friday 7:00 PM Youth Meeting',
      'Sunday 10:00 AM Main Service',
    ]);
  });

  it('serves the seeded upcoming events, leaving out the past one', async () => {
    const stored = await app.ctx.db
      .select({ title: events.title })
      .from(events)
      .where(gte(events.date, sql`now()`))
      .orderBy(events.date);
    expect(stored).toHaveLength(6);
    const { body } = await app.call('GET', '/api/events/upcoming/');
    expect(body.map((event: { title: string }) => event.title)).toEqual(stored.map((event) => event.title));
    const inTwoMonths = Date.now() + 62 * 24 * 60 * 60 * 1000;
    for (const event of body) expect(Date.parse(event.date)).toBeLessThan(inTwoMonths);

    const special = await app.call('GET', '/api/events/special/');
    expect(special.body.length).toBeGreaterThanOrEqual(2);
    expect(special.body.some((event: { price: string | null }) => event.price !== null)).toBe(true);
  });

  it('serves sermons newest first, some with a video link', async () => {
    const { body } = await app.call('GET', '/api/sermons/latest/?limit=3');
    expect(body).toHaveLength(3);
    const all = (await app.call('GET', '/api/sermons/')).body;
    expect(
      all.some((sermon: { video_url: string | null }) =>
        /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/.test(sermon.video_url ?? ''),
      ),
    ).toBe(true);
  });

  it('writes every picture it names under the media folder, at a fixed size', async () => {
    const [albumList, photos, sermonList, eventList] = await Promise.all([
      app.call('GET', '/api/albums/public/'),
      app.ctx.db.select({ image: albumImages.image }).from(albumImages),
      app.call('GET', '/api/sermons/'),
      app.call('GET', '/api/events/'),
    ]);
    const urls: string[] = [
      ...albumList.body.map((album: { cover_image: string }) => album.cover_image),
      ...photos.map((photo) => `/media/${photo.image}`),
      ...sermonList.body.map((sermon: { thumbnail: string }) => sermon.thumbnail),
      ...eventList.body.map((event: { image: string }) => event.image),
    ];
    expect(urls).toHaveLength(3 + firstCounts.albumImages! + 8 + 7);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/seed\/.+\.(jpg|webp)$/);
      const file = path.join(app.mediaDir, url.replace(/^\/media\//, ''));
      const { width, height, format } = await sharp(file).metadata();
      expect(format).toBe(url.endsWith('.jpg') ? 'jpeg' : 'webp');
      expect(`${width}x${height}`).toMatch(/^(1200x800|1280x720)$/);
    }
    expect((await mediaFiles()).length).toBe(urls.length);
  });

  it('stores home page texts naming the church', async () => {
    const { body } = await app.call('GET', '/api/homepage/');
    expect(body.heroTitle).toContain('Hornsey Vale Fellowship');
  });
});
