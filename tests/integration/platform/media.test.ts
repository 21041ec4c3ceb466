import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '@gather/server/platform/media/local-storage';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const put = (relative: string, content: string | Buffer) => app.storage.write(relative, Buffer.from(content));
  await put('albums/cover.jpg', jpeg);
  await put('docs/notes.txt', 'hello');
  await put('docs/page.html', '<script>alert(1)</script>');
  await put('docs/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await put('docs/blob', 'no extension');
  await put('.incoming/half-uploaded', 'secret');
  // Next to the media folder, where a path with ../ would lead.
  await fs.writeFile(path.join(app.mediaDir, '..', 'outside.txt'), 'outside the media folder');
});
afterAll(() => app.close());

/** Sends the path exactly as written: fetch would tidy ../ away before it left the test. */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(app.url + '/', { path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('media files', () => {
  it('serves an image inline with its type, nosniff and a long cache', async () => {
    const answer = await fetch(`${app.url}/media/albums/cover.jpg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-disposition')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(jpeg);
  });

  it('answers a Range request with just those bytes, as video players ask', async () => {
    const answer = await fetch(`${app.url}/media/albums/cover.jpg`, { headers: { Range: 'bytes=2-5' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes 2-5/${jpeg.length}`);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(jpeg.subarray(2, 6));
  });

  it('makes anything that is not an image or video, SVG included, a download', async () => {
    for (const [file, type] of [
      ['notes.txt', 'text/plain; charset=utf-8'],
      ['page.html', 'text/html; charset=utf-8'],
      ['logo.svg', 'image/svg+xml'],
      ['blob', 'application/octet-stream'],
    ]) {
      const answer = await fetch(`${app.url}/media/docs/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-type'), file).toBe(type);
      expect(answer.headers.get('content-disposition'), file).toBe('attachment');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 404 for missing files, folders and the temporary upload folder', async () => {
    for (const route of [
      '/media/albums/missing.jpg',
      '/media/albums/',
      '/media/albums',
      '/media/.incoming/half-uploaded',
    ]) {
      const answer = await app.call('GET', route);
      expect(answer.status, route).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('never leaves the media folder, however the path is written', async () => {
    for (const route of [
      '/media/../outside.txt',
      '/media/albums/../../outside.txt',
      '/media/%2e%2e/outside.txt',
      '/media/..%2foutside.txt',
      '/media/albums/..%2f..%2foutside.txt',
      '/media/%2e%2e%5coutside.txt',
    ]) {
      const answer = await rawGet(route);
      expect(answer.status, route).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('half-received uploads', () => {
  it('removes only day-old files from the incoming folder', async () => {
    const storage = new LocalMediaStorage(await fs.mkdtemp(path.join(app.mediaDir, '..', 'sweep-')));
    const folder = await storage.temporaryFolder();
    await fs.writeFile(path.join(folder, 'old-part'), 'x');
    await fs.writeFile(path.join(folder, 'arriving-now'), 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await fs.utimes(path.join(folder, 'old-part'), twoDaysAgo, twoDaysAgo);
    expect(await storage.removeStaleIncoming()).toBe(1);
    expect(await fs.readdir(folder)).toEqual(['arriving-now']);
  });
});
