import { defaultHomepageContent } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import { ChurchSettingsRepository } from '../platform/church-settings/repository.js';
import type { Config } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import type { Transaction } from '../platform/database/client.js';
import { albumImages, albums } from '../platform/database/schema/albums.js';
import { photoCollections } from '../platform/database/schema/collections.js';
import { events } from '../platform/database/schema/events.js';
import { homepageContent } from '../platform/database/schema/homepage.js';
import { qnaSessions } from '../platform/database/schema/qna.js';
import { sermons } from '../platform/database/schema/sermons.js';
import { services } from '../platform/database/schema/services.js';
import { mediaStorage } from '../platform/media/media-store.js';
import type { MediaStorage } from '../platform/media/storage.js';
import { paintArtwork, type ArtworkFormat } from './artwork.js';
import { addDays, churchToday, daysAgo, sundaysBack, weekdayFrom } from './calendar.js';
import {
  CONTACT_EMAIL,
  DEMO_ALBUMS,
  DEMO_PHOTO_COLLECTION,
  DEMO_QNA_SESSION,
  DEMO_SERMONS,
  DEMO_SERVICES,
  demoEvents,
  type DemoAlbum,
} from './demo-content.js';

interface PictureSize {
  width: number;
  height: number;
}
const PHOTO: PictureSize = { width: 1200, height: 800 };
const WIDESCREEN: PictureSize = { width: 1280, height: 720 };

/** Any number will do, as long as every process that seeds uses the same one. */
const SEED_LOCK = 47_210_001;

/**
 * Fills an empty site with a believable demo church, once: a site that already has
 * sermons, events, services, albums or home page texts is left as it is.
 */
export async function seedDemoContent(ctx: AppContext): Promise<void> {
  const started = Date.now();
  const pictures = new DemoPictures(mediaStorage(ctx.config));
  let links: { qnaSessionId: string; collectionId: string } | undefined;
  try {
    links = await ctx.db.transaction(async (tx) => {
      // Two processes starting at once (a restart overlapping, or several instances) must not both seed.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasContent(tx)) return undefined;
      return seedInto(tx, pictures, ctx.config);
    });
  } catch (error) {
    await pictures.removeAll();
    throw error;
  }
  if (!links) {
    ctx.log.debug('demo content already present; nothing seeded');
    return;
  }
  const site = ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`;
  ctx.log.info({ ms: Date.now() - started }, 'demo content seeded');
  ctx.log.info(`Demo Q&A session: ${site}/qna/submit/${links.qnaSessionId}`);
  ctx.log.info(`Demo photo collection: ${site}/photo-upload/${links.collectionId}`);
}

async function hasContent(tx: Transaction): Promise<boolean> {
  const { rows } = await tx.execute<{ present: boolean }>(sql`select
    exists (select 1 from ${sermons}) or exists (select 1 from ${events}) or exists (select 1 from ${services})
    or exists (select 1 from ${albums}) or exists (select 1 from ${homepageContent}) as present`);
  return rows[0]?.present === true;
}

async function seedInto(tx: Transaction, pictures: DemoPictures, config: Config) {
  const today = churchToday(config.CHURCH_TIMEZONE);
  const churchTime = (day: string, time: string) =>
    sql`(${`${day} ${time}`})::timestamp at time zone ${config.CHURCH_TIMEZONE}`;

  // Paint every picture at once: painting is the slow part, and the rows only need the paths.
  const [sermonRows, eventRows, albumRows] = await Promise.all([
    Promise.all(
      DEMO_SERMONS.map(async ({ weeksAgo, youtubeId, ...sermon }) => ({
        ...sermon,
        date: sundaysBack(today, weeksAgo),
        videoUrl: youtubeId ? `https://www.youtube.com/watch?v=${youtubeId}` : null,
        thumbnail: await pictures.paint('sermons', WIDESCREEN, 'jpeg'),
      })),
    ),
    Promise.all(
      demoEvents(config.CHURCH_NAME).map(async ({ weekday, weeksAhead, startsAt, endsAt, ...event }) => {
        const day = weekdayFrom(today, weekday, weeksAhead);
        return {
          ...event,
          date: churchTime(day, startsAt),
          endDate: churchTime(addDays(day, endsAt.daysLater), endsAt.at),
          contactEmail: CONTACT_EMAIL,
          image: await pictures.paint('events', WIDESCREEN, 'webp'),
        };
      }),
    ),
    Promise.all(DEMO_ALBUMS.map((album) => paintAlbum(album, pictures))),
  ]);

  const ids = <T>(rows: Array<{ id: T }>) => rows.map((row) => row.id);
  const sermonIds = ids(await tx.insert(sermons).values(sermonRows).returning({ id: sermons.id }));
  const eventIds = ids(await tx.insert(events).values(eventRows).returning({ id: events.id }));
  const serviceIds = ids(await tx.insert(services).values(DEMO_SERVICES).returning({ id: services.id }));
  const albumIds: number[] = [];
  for (const { photos, ...album } of albumRows) {
    const [stored] = await tx.insert(albums).values(album).returning({ id: albums.id });
    albumIds.push(stored!.id);
    // Generated here, with no camera data to strip: ready as they are.
    await tx.insert(albumImages).values(photos.map((photo) => ({ ...photo, albumId: stored!.id, status: 'ready' })));
  }
  await tx.insert(homepageContent).values(defaultHomepageContent(config.CHURCH_NAME));
  const [session] = await tx.insert(qnaSessions).values(DEMO_QNA_SESSION).returning({ id: qnaSessions.id });
  const [collection] = await tx
    .insert(photoCollections)
    .values(DEMO_PHOTO_COLLECTION)
    .returning({ id: photoCollections.id });
  // Settings' "Remove the demo content" removes exactly these, and the first-run checklist looks for them.
  await new ChurchSettingsRepository(tx).markDemoContent(
    {
      sermons: sermonIds,
      events: eventIds,
      services: serviceIds,
      albums: albumIds,
      qnaSessions: [session!.id],
      photoCollections: [collection!.id],
    },
    tx,
  );
  return { qnaSessionId: session!.id, collectionId: collection!.id };
}

async function paintAlbum({ daysAgo: age, photos, uploaderName, ...album }: DemoAlbum, pictures: DemoPictures) {
  const createdAt = daysAgo(age);
  const [coverImage, ...images] = await Promise.all([
    pictures.paint('albums', PHOTO, 'webp'),
    ...photos.map(() => pictures.paint('albums', PHOTO, 'jpeg')),
  ]);
  return {
    ...album,
    coverImage,
    createdAt,
    photos: photos.map((title, index) => ({
      title,
      image: images[index]!,
      originalFilename: `IMG_${4100 + age * 10 + index}.jpg`,
      uploaderName,
      // A minute apart, in the order they were taken, so the viewer opens on the first.
      createdAt: new Date(createdAt.getTime() + (index + 1) * 60_000),
    })),
  };
}

/** Writes generated pictures under media/seed/ and remembers them, so a failed seed leaves none behind. */
class DemoPictures {
  private readonly written: string[] = [];

  constructor(private readonly storage: MediaStorage) {}

  async paint(folder: string, size: PictureSize, format: ArtworkFormat): Promise<string> {
    const path = this.storage.newPath(`seed/${folder}`, format === 'jpeg' ? 'jpg' : 'webp');
    const seed = this.written.push(path);
    await this.storage.write(path, await paintArtwork({ ...size, format, seed }));
    return path;
  }

  removeAll(): Promise<void> {
    return this.storage.remove(...this.written);
  }
}
