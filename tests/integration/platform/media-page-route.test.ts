import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
let pagesDir: string;
beforeAll(async () => {
  pagesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-pages-'));
  await fs.mkdir(path.join(pagesDir, 'client'));
  await fs.writeFile(
    path.join(pagesDir, 'client/index.html'),
    '<!doctype html><title>Gather</title><div id="root"></div>',
  );
  app = await startTestApp({ SERVE_FRONTEND: 'true', FRONTEND_DIR: pagesDir });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(pagesDir, { recursive: true, force: true });
});

it('answers the Media page address with the page shell, not the media folder', async () => {
  for (const route of ['/media', '/media/']) {
    const answer = await app.call('GET', route);
    expect(answer.status, route).toBe(200);
    expect(answer.headers.get('content-type'), route).toContain('text/html');
    expect(answer.body, route).toContain('<div id="root">');
  }
});

it('still answers a missing media file with a JSON 404, never the page shell', async () => {
  const answer = await app.call('GET', '/media/albums/missing.jpg');
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ detail: 'Not found.' });
});
