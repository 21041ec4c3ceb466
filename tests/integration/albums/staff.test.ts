import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumImages, albums } from '@gather/server/platform/database/schema/albums';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { isStored, mediaFiles as filesOfApp } from '../../support/stored-media.js';
import { eventually } from '../../support/eventually.js';
import { photoWithLocation } from '../../support/pictures.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let workers: RunningWorkers;
let jpeg: Buffer;
let webp: Buffer;
beforeAll(async () => {
  app = await startTestApp({ WORKER_QUEUES: 'uploads' });
  workers = await runWorker(app.ctx);
  staff = await signInAsStaff(app);
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#228833' } })
    .jpeg()
    .toBuffer();
  webp = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#883322' } })
    .webp()
    .toBuffer();
});
afterAll(async () => {
  await workers.close();
  await app.close();
});

const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
const UNKNOWN_ALBUM = 'Select an existing album.';

interface Picture {
  bytes: Uint8Array;
  name: string;
  type: string;
}

function form(fields: Record<string, string>, pictures: Record<string, Picture> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [field, picture] of Object.entries(pictures)) {
    data.append(field, new Blob([new Uint8Array(picture.bytes)], { type: picture.type }), picture.name);
  }
  return data;
}

const jpegNamed = (name: string): Picture => ({ bytes: jpeg, name, type: 'image/jpeg' });
const staffCall = (method: string, route: string, body?: unknown) => app.call(method, route, body, staff.headers);

const createAlbum = (fields: Record<string, string>, cover?: Picture) =>
  staffCall('POST', '/api/albums/', form(fields, cover && { cover_image: cover }));
const addPhoto = (fields: Record<string, string>, image?: Picture) =>
  staffCall('POST', '/api/gallery/', form(fields, image && { image }));

function mediaFiles(): Promise<string[]> {
  return filesOfApp(app);
}

const exists = (mediaUrl: string) => isStored(app, mediaUrl.replace(/^\/media\//, ''));

/** The photo's row once the worker has processed it. */
function processed(photoId: number) {
  return eventually(async () => {
    const [row] = await app.ctx.db.select().from(albumImages).where(eq(albumImages.id, photoId));
    return row && row.status !== 'processing' ? row : undefined;
  }, `photo ${photoId} processed`);
}

async function listedAlbum(id: number) {
  const answer = await app.call('GET', '/api/albums/');
  return answer.body.find((album: { id: number }) => album.id === id);
}

/** The album as listed once the worker has dealt with its new cover and tidied the files it replaced. */
function coverProcessed(id: number) {
  return eventually(async () => {
    const [row] = await app.ctx.db.select().from(albums).where(eq(albums.id, id));
    if (!row || row.coverImage?.includes('.processing-')) return undefined;
    if ((await mediaFiles()).some((file) => /^albums\/\.processing-/.test(file))) return undefined;
    return listedAlbum(id);
  }, `album ${id}'s cover processed`);
}

const photoRows = (albumId: number) => app.ctx.db.select().from(albumImages).where(eq(albumImages.albumId, albumId));

describe('albums', () => {
  it('creates an album with a cover, listed for visitors with the cover served', async () => {
    const answer = await createAlbum(
      { title: ' Harvest festival ', description: 'Thanksgiving Sunday', is_featured: 'true' },
      { bytes: webp, name: 'cover.webp', type: 'image/webp' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      title: 'Harvest festival',
      description: 'Thanksgiving Sunday',
      // Shown once the worker has made its cleaned copy.
      cover_image: null,
      is_featured: true,
      created_at: expect.any(String),
      first_photo: null,
      photo_count: 0,
    });
    const listed = await coverProcessed(answer.body.id);
    expect(listed).toEqual({
      ...answer.body,
      cover_image: expect.stringMatching(/^\/media\/albums\/[0-9a-f-]{36}\.webp$/),
    });
    const served = await fetch(app.url + listed.cover_image);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 30, height: 40 });
  });

  it('edits an album: fields left out are emptied, the cover stays, and a new cover replaces the old file', async () => {
    const created = await createAlbum(
      { title: 'Picnic', description: 'In the park', is_featured: 'true' },
      jpegNamed('a.jpg'),
    );
    const first = await coverProcessed(created.body.id);
    const edited = await staffCall('PUT', `/api/albums/${created.body.id}/`, form({ title: 'Summer picnic' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.body.id,
      title: 'Summer picnic',
      description: '',
      is_featured: false,
      cover_image: first.cover_image,
      created_at: created.body.created_at,
    });
    expect(await exists(first.cover_image)).toBe(true);

    const recovered = await staffCall(
      'PUT',
      `/api/albums/${created.body.id}/`,
      form({ title: 'Summer picnic' }, { cover_image: { bytes: webp, name: 'new.webp', type: 'image/webp' } }),
    );
    expect(recovered.status).toBe(200);
    // The new cover shows once the worker has cleaned it: already, when the worker was quicker than the answer.
    expect(recovered.body.cover_image).not.toBe(first.cover_image);
    const second = await coverProcessed(created.body.id);
    expect(second).toEqual({ ...recovered.body, cover_image: expect.stringMatching(/\.webp$/) });
    expect(await exists(second.cover_image)).toBe(true);
    expect(await exists(first.cover_image)).toBe(false);
  });

  it('refuses a missing title and a cover that is not an image, keeping nothing', async () => {
    const filesBefore = await mediaFiles();
    const albumsBefore = await app.ctx.db.$count(albums);
    expect(await createAlbum({ description: 'No title' }, jpegNamed('a.jpg'))).toMatchObject({
      status: 400,
      body: { title: ['This field is required.'] },
    });
    expect(
      await createAlbum(
        { title: 'Fake' },
        { bytes: Buffer.from('{"not": "an image"}'), name: 'x.jpg', type: 'image/jpeg' },
      ),
    ).toMatchObject({ status: 415, body: { cover_image: [NOT_AN_IMAGE] } });
    expect(await app.ctx.db.$count(albums)).toBe(albumsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('answers 404 to editing or deleting an unknown album', async () => {
    expect(await staffCall('PUT', '/api/albums/999999/', form({ title: 'Ghost' }))).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await staffCall('DELETE', '/api/albums/999999/')).status).toBe(404);
    expect((await staffCall('DELETE', '/api/albums/abc/')).status).toBe(404);
  });

  it('asks visitors to sign in', async () => {
    const answer = await app.call('POST', '/api/albums/', form({ title: 'Sneaky' }));
    expect(answer.status).toBe(401);
    expect(await app.ctx.db.$count(albums, eq(albums.title, 'Sneaky'))).toBe(0);
  });
});

describe('the gallery', () => {
  it("adds a photo to an album, signed with the staff member's name, shown in the album and its count", async () => {
    const album = await createAlbum({ title: 'Baptisms' });
    const answer = await addPhoto(
      { album: String(album.body.id), title: 'River', description: 'By the water' },
      jpegNamed('IMG_0042.jpg'),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      // No URL until the worker has made the cleaned copy.
      image: '',
      file: '',
      status: 'processing',
      thumbnail: null,
      title: 'River',
      description: 'By the water',
      original_filename: 'IMG_0042.jpg',
      uploader_name: staff.username,
      created_at: expect.any(String),
      uploaded_at: answer.body.created_at,
    });

    expect((await processed(answer.body.id)).status).toBe('ready');
    const photos = await app.call('GET', `/api/gallery/album/${album.body.id}/`);
    expect(photos.body).toEqual([
      {
        ...answer.body,
        image: expect.stringMatching(new RegExp(`^/media/albums/${album.body.id}/[0-9a-f-]{36}\\.jpg$`)),
        file: photos.body[0].image,
        status: 'ready',
        thumbnail: expect.stringMatching(/\.webp$/),
      },
    ]);
    expect(await listedAlbum(album.body.id)).toMatchObject({
      photo_count: 1,
      first_photo: { id: answer.body.id, image: photos.body[0].image },
    });
    const served = await fetch(app.url + photos.body[0].image);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('names an untitled photo after its file', async () => {
    const album = await createAlbum({ title: 'Choir' });
    const answer = await addPhoto({ album: String(album.body.id) }, jpegNamed('Choir rehearsal.final.jpg'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'Choir rehearsal.final', description: '' });
    await processed(answer.body.id);
  });

  it('refuses an unknown album, a missing image and a non-image, keeping no file', async () => {
    const album = await createAlbum({ title: 'Youth camp' });
    // Only this test's folders: other photos may still be being processed meanwhile.
    const ownFiles = async () =>
      (await mediaFiles()).filter(
        (file) => file.startsWith(`albums/${album.body.id}/`) || file.startsWith('.incoming/'),
      );
    const filesBefore = await ownFiles();
    for (const albumId of ['999999', 'abc', '-3']) {
      expect(await addPhoto({ album: albumId }, jpegNamed('a.jpg'))).toMatchObject({
        status: 400,
        body: { album: [UNKNOWN_ALBUM] },
      });
    }
    expect(await addPhoto({})).toMatchObject({
      status: 400,
      body: { album: ['This field is required.'], image: ['No file was submitted.'] },
    });
    expect(
      await addPhoto(
        { album: String(album.body.id) },
        { bytes: Buffer.from('MZ\x90\x00'), name: 'a.jpg', type: 'image/jpeg' },
      ),
    ).toMatchObject({ status: 415, body: { image: [NOT_AN_IMAGE] } });
    expect(await photoRows(album.body.id)).toEqual([]);
    expect(await ownFiles()).toEqual(filesBefore);
  });

  it('deletes a photo with its file', async () => {
    const album = await createAlbum({ title: 'Fete' });
    const first = await processed((await addPhoto({ album: String(album.body.id) }, jpegNamed('1.jpg'))).body.id);
    const second = await processed((await addPhoto({ album: String(album.body.id) }, jpegNamed('2.jpg'))).body.id);
    const answer = await staffCall('DELETE', `/api/gallery/${first.id}/`);
    expect(answer.status).toBe(204);
    for (const file of [first.image, first.thumbnail!, first.display!]) expect(await exists(file), file).toBe(false);
    expect(await exists(second.image)).toBe(true);
    expect((await photoRows(album.body.id)).map((row) => row.id)).toEqual([second.id]);
    expect(await listedAlbum(album.body.id)).toMatchObject({ photo_count: 1, first_photo: { id: second.id } });
    expect((await staffCall('DELETE', `/api/gallery/${first.id}/`)).status).toBe(404);
  });

  it('deletes an album with its photos and every file they used', async () => {
    const album = {
      body: await coverProcessed((await createAlbum({ title: 'Anniversary' }, jpegNamed('cover.jpg'))).body.id),
    };
    const keep = await createAlbum({ title: 'Other album' });
    const kept = await processed((await addPhoto({ album: String(keep.body.id) }, jpegNamed('kept.jpg'))).body.id);
    const photos = [
      await processed((await addPhoto({ album: String(album.body.id) }, jpegNamed('1.jpg'))).body.id),
      await processed((await addPhoto({ album: String(album.body.id) }, jpegNamed('2.jpg'))).body.id),
    ];
    const answer = await staffCall('DELETE', `/api/albums/${album.body.id}/`);
    expect(answer.status).toBe(204);
    expect(await photoRows(album.body.id)).toEqual([]);
    expect(await listedAlbum(album.body.id)).toBeUndefined();
    expect((await app.call('GET', `/api/gallery/album/${album.body.id}/`)).status).toBe(404);
    for (const file of [
      album.body.cover_image,
      ...photos.flatMap((photo) => [photo.image, photo.thumbnail!, photo.display!]),
    ]) {
      expect(await exists(file), file).toBe(false);
    }
    expect((await mediaFiles()).filter((file) => file.startsWith(`albums/${album.body.id}/`))).toEqual([]);
    expect(await exists(kept.image)).toBe(true);
  });

  it('asks visitors to sign in', async () => {
    const album = await createAlbum({ title: 'Closed' });
    const upload = await app.call(
      'POST',
      '/api/gallery/',
      form({ album: String(album.body.id) }, { image: jpegNamed('a.jpg') }),
    );
    expect(upload.status).toBe(401);
    expect(await photoRows(album.body.id)).toEqual([]);
  });
});

describe("staff pictures, processed like visitors' photos", () => {
  let withLocation: Buffer;
  beforeAll(async () => {
    withLocation = await photoWithLocation(600, 400);
    expect((await sharp(withLocation).metadata()).exif).toBeDefined();
  });

  const servedWithoutMetadata = async (url: string) => {
    const served = await fetch(app.url + url);
    expect(served.status, url).toBe(200);
    const shown = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ url, exif: shown.exif, xmp: shown.xmp }).toEqual({ url, exif: undefined, xmp: undefined });
  };

  it("never serves a photo's or a cover's original while it waits for the worker, nor after", async () => {
    await workers.close();
    const album = await createAlbum({ title: 'Mission trip' }, { ...jpegNamed('cover.jpg'), bytes: withLocation });
    expect(album.body.cover_image).toBeNull();
    const added = await addPhoto({ album: String(album.body.id) }, { ...jpegNamed('IMG_1.jpg'), bytes: withLocation });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'processing', image: '', file: '', thumbnail: null });

    const [cover] = await app.ctx.db.select().from(albums).where(eq(albums.id, album.body.id));
    const [photo] = await photoRows(album.body.id);
    for (const original of [cover!.coverImage!, photo!.image]) {
      expect(await exists(original), original).toBe(true);
      expect((await fetch(`${app.url}/media/${original}`)).status, original).toBe(404);
    }
    expect(await listedAlbum(album.body.id)).toMatchObject({ cover_image: null, first_photo: null, photo_count: 0 });

    workers = await runWorker(app.ctx);
    const ready = await processed(added.body.id);
    const listed = await coverProcessed(album.body.id);
    for (const url of [listed.cover_image, ready.image, ready.display, ready.thumbnail]) {
      await servedWithoutMetadata(url.startsWith('/media/') ? url : `/media/${url}`);
    }
    for (const original of [cover!.coverImage!, photo!.image]) expect(await exists(original), original).toBe(false);
  });

  it('refuses a picture declaring absurd dimensions at once, keeping nothing', async () => {
    const bomb = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const picture = { bytes: bomb, name: 'poster.png', type: 'image/png' };
    const album = await createAlbum({ title: 'Banners' });
    const filesBefore = await mediaFiles();
    const TOO_LARGE = ['The image is too large to process.'];
    expect(await createAlbum({ title: 'Huge' }, picture)).toMatchObject({
      status: 400,
      body: { cover_image: TOO_LARGE },
    });
    expect(await addPhoto({ album: String(album.body.id) }, picture)).toMatchObject({
      status: 400,
      body: { image: TOO_LARGE },
    });
    expect(await photoRows(album.body.id)).toEqual([]);
    expect(await app.ctx.db.$count(albums, eq(albums.title, 'Huge'))).toBe(0);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('keeps no invisible format characters in a file name, so a right-to-left override cannot disguise it', async () => {
    const album = await createAlbum({ title: 'Names' });
    const answer = await addPhoto({ album: String(album.body.id) }, jpegNamed('photo\u202Egnp.exe\u200B'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ original_filename: 'photognp.exe', title: 'photognp' });
    await processed(answer.body.id);
  });
});

describe('the temporary folder', () => {
  it('is empty once every upload above has finished, kept or refused', async () => {
    expect(await fs.readdir(path.join(app.mediaDir, '.incoming'))).toEqual([]);
  });
});
