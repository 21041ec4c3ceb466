import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumImages, albums } from '@gather/server/platform/database/schema/albums';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

describe('albums and their photos', () => {
  let full: number;
  let empty: number;
  const photoIds: Record<string, number> = {};

  beforeAll(async () => {
    const [older, newer] = await app.ctx.db
      .insert(albums)
      .values([
        {
          title: 'Easter Sunday',
          description: 'Sunrise',
          coverImage: 'albums/cover.webp',
          createdAt: fromNow(-10),
          isFeatured: true,
        },
        { title: 'Baptism Sunday', createdAt: fromNow(-1) },
      ])
      .returning({ id: albums.id });
    full = older!.id;
    empty = newer!.id;
    // Inserted newest first, so only created_at (not id) can put them in the right order.
    const stored = await app.ctx.db
      .insert(albumImages)
      .values(
        ['third', 'second', 'first'].map((title, index) => ({
          albumId: full,
          title,
          image: `albums/${title}.jpg`,
          originalFilename: `IMG_${title}.jpg`,
          uploaderName: 'Media Team',
          status: 'ready',
          createdAt: fromNow(-1 - index),
        })),
      )
      .returning({ id: albumImages.id, title: albumImages.title });
    for (const row of stored) photoIds[row.title] = row.id;
    // A photo still being processed is not shown to visitors, nor counted.
    await app.ctx.db
      .insert(albumImages)
      .values({ albumId: full, title: 'arriving', image: 'albums/arriving.jpg', createdAt: fromNow(-10) });
  });

  it('lists albums newest first with cover, first photo and photo count', async () => {
    const answer = await app.call('GET', '/api/albums/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: empty,
        title: 'Baptism Sunday',
        description: '',
        cover_image: null,
        is_featured: false,
        created_at: expect.any(String),
        first_photo: null,
        photo_count: 0,
      },
      {
        id: full,
        title: 'Easter Sunday',
        description: 'Sunrise',
        cover_image: '/media/albums/cover.webp',
        is_featured: true,
        created_at: expect.any(String),
        first_photo: { id: photoIds.first, image: '/media/albums/first.jpg' },
        photo_count: 3,
      },
    ]);
  });

  it('answers the public album list the same way', async () => {
    const [plain, publicList] = await Promise.all([
      app.call('GET', '/api/albums/'),
      app.call('GET', '/api/albums/public/'),
    ]);
    expect(publicList.status).toBe(200);
    expect(publicList.body).toEqual(plain.body);
  });

  it("lists an album's photos oldest first", async () => {
    const answer = await app.call('GET', `/api/gallery/album/${full}/`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((photo: { title: string }) => photo.title)).toEqual(['first', 'second', 'third']);
    expect(answer.body[0]).toEqual({
      id: photoIds.first,
      title: 'first',
      description: '',
      image: '/media/albums/first.jpg',
      file: '/media/albums/first.jpg',
      status: 'ready',
      thumbnail: null,
      original_filename: 'IMG_first.jpg',
      uploader_name: 'Media Team',
      created_at: expect.any(String),
      uploaded_at: answer.body[0].created_at,
    });
    expect((await app.call('GET', `/api/gallery/album/${empty}/`)).body).toEqual([]);
  });

  it('answers 404 for an unknown or malformed album id', async () => {
    for (const albumId of [String(full + empty + 1000), 'abc', '0', '-1', '99999999999']) {
      const answer = await app.call('GET', `/api/gallery/album/${albumId}/`);
      expect(answer.status, albumId).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found.' });
    }
  });
});
