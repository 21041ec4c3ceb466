import { expect } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import type { TestApp } from './app.js';
import { eventually } from './eventually.js';
import { startMediaApp, type MediaApp } from './media-app.js';
import { CallsOnSite, startedPerFile } from './per-file.js';
import { storedFiles } from './stored-media.js';

/**
 * What the tests of upload processing ask of one site: an API whose worker processes uploads, a signed-in member
 * of staff, and the calls that send a visitor's file to a collection and look at what the worker made of it.
 */
export class UploadProcessing extends CallsOnSite<MediaApp> {
  /** A fresh site for one test file, started before its first test and closed after its last. */
  static forFile(): UploadProcessing {
    return new UploadProcessing(startedPerFile('The upload processing test site', startMediaApp));
  }

  /** The Baptism Sunday collection, taking files up to 20 MB, and videos when `allowVideos`. */
  collection = async (allowVideos = false, on = this.app) => {
    const [created] = await on.ctx.db
      .insert(photoCollections)
      .values({ name: 'Baptism Sunday', allowVideos, maxFileSizeMb: 20 })
      .returning();
    return created!;
  };

  /** Ruth's upload of `bytes` as `name`, through the public call a visitor's browser makes. */
  upload = async (collectionId: string, bytes: Buffer, name: string, type = 'image/jpeg', on = this.app) => {
    const form = new FormData();
    form.append('uploader_name', 'Ruth');
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return on.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  };

  /** The upload as staff list it, once the worker has finished with it. */
  processed = (collectionId: string, id: number, on = { app: this.app, staff: this.staff }) =>
    eventually(async () => {
      const route = `/api/photo-collections/${collectionId}/uploads/`;
      const listed = await on.app.call('GET', route, undefined, on.staff.headers);
      const found = listed.body.find((upload: { id: number }) => upload.id === id);
      if (!found || found.status === 'processing') return undefined;
      // The worker tidies replaced or refused files just after it records the outcome.
      const kept = [found.file, found.display, found.thumbnail, found.poster].filter(Boolean).length;
      return (await this.filesOf(collectionId, on.app)).length === kept ? found : undefined;
    }, `upload ${id} processed`);

  served = async (url: string): Promise<{ bytes: Buffer; type: string | null }> => {
    const answer = await fetch(this.app.url + url);
    expect(answer.status, url).toBe(200);
    return { bytes: Buffer.from(await answer.arrayBuffer()), type: answer.headers.get('content-type') };
  };

  filesOf = async (collectionId: string, on: TestApp = this.app): Promise<string[]> => {
    return storedFiles(on, `collections/${collectionId}/`);
  };
}
