import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { startTestApp, type TestApp } from './app.js';
import { CallsOnSite, startedPerFile } from './per-file.js';
import { signInAsStaff, type Staff } from './staff.js';
import { mediaFiles } from './stored-media.js';

interface Site {
  app: TestApp;
  staff: Staff;
  jpeg: Buffer;
  png: Buffer;
  close(): Promise<void>;
}

/** A well-formed collection id that no collection has. */
export const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
export const uploadUrl = (id: string) => `/api/photo-collections/public/${id}/upload/`;

/**
 * What the tests of visitors' uploads to a photo collection ask of one site: an API with no worker (uploads stay
 * as they arrived), a signed-in member of staff, two small pictures, and looks at what the site kept.
 */
export class CollectionUploads extends CallsOnSite<Site> {
  /** A fresh site for one test file, started before its first test and closed after its last. */
  static forFile(): CollectionUploads {
    return new CollectionUploads(startedPerFile('The photo collection test site', startSite));
  }

  get jpeg(): Buffer {
    return this.site().jpeg;
  }

  get png(): Buffer {
    return this.site().png;
  }

  /** The Summer picnic collection, photos only up to 5 MB unless `values` say otherwise. */
  collection = async (values: Partial<typeof photoCollections.$inferInsert> = {}) => {
    const [created] = await this.app.ctx.db
      .insert(photoCollections)
      .values({
        name: 'Summer picnic',
        description: 'Share your photos',
        allowVideos: false,
        maxFileSizeMb: 5,
        ...values,
      })
      .returning();
    return created!;
  };

  /** Every file under the media folder, as relative paths (the temporary folder included). */
  mediaFiles = (): Promise<string[]> => {
    return mediaFiles(this.app);
  };

  storedUploads = async (collectionId: string) => {
    return this.app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collectionId));
  };

  /** Expects a refused upload to have left no row and no new file behind. */
  expectNothingKept = async (collectionId: string, before: string[]) => {
    expect(await this.storedUploads(collectionId)).toEqual([]);
    expect(await this.mediaFiles()).toEqual(before);
  };
}

async function startSite(): Promise<Site> {
  const app = await startTestApp();
  const staff = await signInAsStaff(app);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  return { app, staff, jpeg, png, close: () => app.close() };
}
