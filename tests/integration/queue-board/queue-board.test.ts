import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type GatherApp } from '@gather/server/api/app';
import { QUEUE_BOARD_PATH, queueBoardRoutes } from '@gather/server/features/queue-board/routes';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let board: { gather: GatherApp; server: http.Server; url: string };

/**
 * The whole app with the board mounted as app.ts mounts it, served on a port of its own;
 * sessions are in the shared database, so signing in on the test app counts here too.
 */
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
  const gather = createApp(app.ctx);
  gather.app.use(QUEUE_BOARD_PATH, queueBoardRoutes(app.ctx));
  const server = http.createServer(gather.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  board = { gather, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    board.server.close(() => resolve());
    board.server.closeAllConnections();
  });
  await board.gather.close();
  await app.close();
});

const get = (route: string, headers: Record<string, string> = {}) =>
  fetch(board.url + route, { headers, redirect: 'manual' });

describe('the queue dashboard', () => {
  it('sends a signed-out browser to the sign-in page', async () => {
    const page = await get(`${QUEUE_BOARD_PATH}/`, { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/login');
  });

  it('answers its API 401 without a session, as every staff call', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const answer = await get(`${QUEUE_BOARD_PATH}/api/queues`, { accept });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ detail: 'Please sign in to continue.' });
    }
    const bogus = await get(`${QUEUE_BOARD_PATH}/api/queues`, {
      accept: 'application/json',
      cookie: '__Host-gather_session=nope',
    });
    expect(bogus.status).toBe(401);
  });

  it('shows signed-in staff the board, whose page runs only its own scripts', async () => {
    const page = await get(`${QUEUE_BOARD_PATH}/`, { ...staff.headers, accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`<base href="${QUEUE_BOARD_PATH}/"`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="static\/|type="application\/json"/);

    const script = /src="(static\/js\/main[^"]+)"/.exec(html)![1]!;
    const asset = await get(`${QUEUE_BOARD_PATH}/${script}`, staff.headers);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('loads nothing from outside the site: no font service, its styles and scripts its own', async () => {
    const page = await get(`${QUEUE_BOARD_PATH}/`, { ...staff.headers, accept: 'text/html' });
    const html = await page.text();
    const addresses = [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((address) => /^(https?:)?\/\//.test(address))).toEqual([]);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);

    const assets = addresses.filter((address) => /^static\/.*\.(css|js)$/.test(address));
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const answer = await get(`${QUEUE_BOARD_PATH}/${asset}`, staff.headers);
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toMatch(/fonts\.(googleapis|gstatic)\.com|@import\s+url\(["']?https?:/);
    }
  });

  it('lists the three queues of this site to signed-in staff', async () => {
    const answer = await get(`${QUEUE_BOARD_PATH}/api/queues`, { ...staff.headers, accept: 'application/json' });
    expect(answer.status).toBe(200);
    const { queues } = (await answer.json()) as { queues: Array<{ name: string }> };
    expect(queues.map((queue) => queue.name).sort()).toEqual(['email', 'exports', 'uploads']);
  });
});
