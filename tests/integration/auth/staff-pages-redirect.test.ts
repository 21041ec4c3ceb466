import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/** The console's one page: the server's answer is what is tested here, not the React app drawn from it. */
const SHELL = '<!doctype html><html><head><title>Gather</title></head><body><div id="root"></div></body></html>';

let app: TestApp;
let frontendDir: string;
let staff: Staff;
beforeAll(async () => {
  frontendDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-shell-'));
  await fs.mkdir(path.join(frontendDir, 'client'));
  await fs.writeFile(path.join(frontendDir, 'client', 'index.html'), SHELL);
  app = await startTestApp({ SERVE_FRONTEND: 'true', FRONTEND_DIR: frontendDir });
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  await app?.close();
  await fs.rm(frontendDir, { recursive: true, force: true });
});

function visit(page: string, cookie?: string): Promise<Response> {
  return fetch(app.url + page, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

describe('a signed-out visit to a console page', () => {
  it.each([
    '/admin',
    '/admin/dashboard',
    '/admin/dashboard?section=people',
    '/admin/building-fund?tab=gift-aid',
    '/admin/choose-password',
    '/admin/security',
    '/qna/view/3f9a2c1e-0000-4000-8000-000000000000',
  ])('%s is sent to sign in by the server, with the page to come back to', async (page) => {
    const answer = await visit(page);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(page)}`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).not.toContain('<div id="root">');
  });

  it('with a cookie of no real session is sent to sign in too', async () => {
    const answer = await visit('/admin/dashboard', '__Host-gather_session=made-up-token');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fdashboard');
  });

  it('with a session that was signed out is sent to sign in', async () => {
    const gone = await signInAsStaff(app);
    expect((await app.call('POST', '/api/admin/auth/logout', undefined, gone.headers)).status).toBeLessThan(300);
    const answer = await visit('/admin/dashboard', gone.headers.cookie);
    expect(answer.status).toBe(302);
  });

  it('never names another site as where to go back to', async () => {
    const answer = await visit('/admin//elsewhere.example/');
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location')!;
    expect(location.startsWith('/admin/login?next=%2F')).toBe(true);
    expect(new URL(location, app.url).origin).toBe(new URL(app.url).origin);
  });
});

describe('pages that stay open', () => {
  it.each(['/admin/login', '/admin/login?next=%2Fadmin%2Fpeople', '/admin/set-password?token=x', '/', '/qna/submit/x'])(
    '%s is served to a signed-out visitor',
    async (page) => {
      const answer = await visit(page);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<div id="root">');
    },
  );

  it('a signed-in member of staff gets the console itself', async () => {
    const answer = await visit('/admin/dashboard?section=people', staff.headers.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root">');
  });
});
