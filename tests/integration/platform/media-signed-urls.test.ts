import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreSettings, startTestApp, type TestApp } from '../../support/app.js';
import { storedFiles } from '../../support/stored-media.js';

/** Only with an object store: the media-s3 project runs this file. */
let app: TestApp;
let signing: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  signing = await startTestApp({ ...mediaStoreSettings(app), MEDIA_SIGNED_URLS: 'true' });
  await app.storage.write('albums/cover.jpg', Buffer.from('jpeg bytes'));
  await app.storage.write('docs/page.html', Buffer.from('<script>alert(1)</script>'));
  await app.storage.write('collections/c1/.exports/all.zip', Buffer.from('zip'));
});
afterAll(async () => {
  await signing?.close();
  await app?.close();
});

describe('media in an S3-compatible store', () => {
  it('lists, reads and writes through the one interface other features use', async () => {
    expect(await storedFiles(app)).toEqual(['albums/cover.jpg', 'collections/c1/.exports/all.zip', 'docs/page.html']);
    const sizes = [];
    for await (const file of app.storage.list('albums/')) sizes.push(file);
    expect(sizes).toEqual([{ path: 'albums/cover.jpg', size: 10 }]);
    await app.storage.removeFolder('collections/c1');
    expect(await storedFiles(app, 'collections/')).toEqual([]);
  });

  it('with MEDIA_SIGNED_URLS, sends the browser to a short-lived signed address with the same safe headers', async () => {
    const answer = await fetch(`${signing.url}/media/albums/cover.jpg`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const signed = new URL(answer.headers.get('location')!);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(await file.text()).toBe('jpeg bytes');

    const page = await fetch(await signedAddress('/media/docs/page.html'));
    expect(page.headers.get('content-disposition')).toBe('attachment');
    // Nothing missing nor in a dot folder is signed.
    for (const route of ['/media/albums/missing.jpg', '/media/collections/c1/.exports/all.zip']) {
      expect((await fetch(signing.url + route, { redirect: 'manual' })).status, route).toBe(404);
    }
  });
});

async function signedAddress(route: string): Promise<string> {
  const answer = await fetch(signing.url + route, { redirect: 'manual' });
  expect(answer.status, route).toBe(302);
  return answer.headers.get('location')!;
}
