import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { eventually } from './eventually.js';
import { startMediaApp, type MediaApp } from './media-app.js';
import { CallsOnSite, startedPerFile } from './per-file.js';

/**
 * What the tests of approving guests' uploads ask of one site: an API whose worker processes uploads, a signed-in
 * member of staff, and the calls by which guests send photos to a collection and staff look at them.
 */
export class UploadApproval extends CallsOnSite<MediaApp> {
  private colour = 0;

  /** A fresh site for one test file, started before its first test and closed after its last. */
  static forFile(): UploadApproval {
    return new UploadApproval(startedPerFile('The upload approval test site', startMediaApp));
  }

  asStaff = (method: string, route: string, body?: unknown) => this.app.call(method, route, body, this.staff.headers);

  publicList = async (collectionId: string) =>
    (await this.app.call('GET', `/api/photo-collections/public/${collectionId}/uploads/`)).body as Array<{
      id: number;
    }>;

  /** The Harvest Sunday collection, whose uploads wait for approval unless `values` say otherwise. */
  collection = async (values: Partial<typeof photoCollections.$inferInsert> = {}) => {
    const [created] = await this.app.ctx.db
      .insert(photoCollections)
      .values({ name: 'Harvest Sunday', requiresApproval: true, ...values })
      .returning();
    return created!;
  };

  private photo = () =>
    sharp({
      create: {
        width: 48,
        height: 32,
        channels: 3,
        background: `#${(this.colour++ % 4096).toString(16).padStart(3, '0')}`,
      },
    })
      .jpeg()
      .toBuffer();

  /** A guest's upload through the public call, from the browser whose device cookie is `device` (none: a new one). */
  upload = async (collectionId: string, { device, name = 'Ruth' }: { device?: string; name?: string } = {}) => {
    const form = new FormData();
    form.append('uploader_name', name);
    form.append('file', new Blob([new Uint8Array(await this.photo())], { type: 'image/jpeg' }), 'photo.jpg');
    const answer = await this.app.call(
      'POST',
      `/api/photo-collections/public/${collectionId}/upload/`,
      form,
      device ? { cookie: device } : {},
    );
    expect(answer.status).toBe(201);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('gather_device='));
    return { id: answer.body.id as number, body: answer.body, device: device ?? cookie!.split(';')[0]! };
  };

  ready = (id: number) =>
    eventually(async () => {
      const [row] = await this.app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, id));
      return row?.status === 'ready' ? row : undefined;
    }, `upload ${id} ready`);

  readyUpload = async (collectionId: string, options: { device?: string; name?: string } = {}) => {
    const sent = await this.upload(collectionId, options);
    await this.ready(sent.id);
    return sent;
  };
}
