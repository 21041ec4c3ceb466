import type { Page } from 'playwright-core';
import type { Database } from '@gather/server/platform/database/client';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { events } from '@gather/server/platform/database/schema/events';
import { gatherings } from '@gather/server/platform/database/schema/gatherings';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';

/**
 * Every public page of frontend/src/app/router.tsx, with an event, a Q&A session, a photo
 * collection and a gathering holding both added so the pages that show one have one to show.
 */
export async function publicPagePaths(db: Database): Promise<string[]> {
  const [event] = await db
    .insert(events)
    .values({
      title: 'Harvest Supper',
      description: 'A meal together.',
      date: new Date(Date.now() + 7 * 24 * 3600_000),
      location: 'Church hall',
    })
    .returning();
  const [session] = await db.insert(qnaSessions).values({ title: 'Harvest Q&A', description: 'Ask us.' }).returning();
  const [collection] = await db.insert(photoCollections).values({ name: 'Harvest photos' }).returning();
  const [gathering] = await db
    .insert(gatherings)
    .values({
      title: 'Harvest Sunday',
      date: new Date().toISOString().slice(0, 10),
      qnaSessionId: session!.id,
      collectionId: collection!.id,
    })
    .returning();
  return [
    '/',
    '/about',
    '/services',
    '/events',
    `/events/${event!.id}`,
    '/media',
    '/give',
    '/connect',
    '/contact',
    '/building-fund',
    '/qr-generator',
    '/sunday',
    `/gathering/${gathering!.id}`,
    `/qna/submit/${session!.id}`,
    `/photo-upload/${collection!.id}`,
  ];
}

/**
 * The scripts a fresh page (empty cache) fetches before it has loaded, each with the bytes really
 * sent: compressed, as the budget is for compressed code. What the page fetches once loaded (the
 * live connection's code) is not part of its first load. The load event waits for the page's own
 * chunks (imported by the entry before it draws), so they all count.
 */
export async function firstLoadScripts(page: Page, path: string): Promise<Map<string, number>> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.startTime < navigation!.loadEventEnd)
      .map((entry) => [entry.name, entry.encodedBodySize] as const);
  });
  return new Map(scripts);
}

/** Kilobytes as the budget counts them. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
