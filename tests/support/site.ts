import type { StaffRole } from '@gather/contracts';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { runWorker } from '@gather/server/worker/run';
import { startTestApp, type TestApp } from './app.js';
import { closeChromium, launchChromium } from './chromium.js';
import { signInAsStaff, type Staff } from './staff.js';
import { startTestSmtp, type TestSmtpServer } from './test-smtp.js';

/** The whole site as a visitor meets it: API serving the built pages, worker, a real SMTP server. */
export interface TestSite {
  app: TestApp;
  url: string;
  smtp: TestSmtpServer;
  browser: Browser;
  /** A fresh browser profile (cookies, storage) on the site, sized as a phone or a desktop. */
  newPage(options?: { viewport?: 'phone' | 'desktop' }): Promise<Page>;
  /**
   * A fresh profile already signed in as a new staff account, through the real login call; in `browser` when
   * given (one launched with its own arguments, a fake camera say), else in the site's.
   */
  staffPage(options?: {
    viewport?: 'phone' | 'desktop';
    roles?: StaffRole[];
    browser?: Browser;
  }): Promise<{ page: Page; staff: Staff }>;
  close(): Promise<void>;
}

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 860 } } as const;

export async function startTestSite(env: Record<string, string> = {}): Promise<TestSite> {
  const smtp = await startTestSmtp();
  const app = await startTestApp({
    SERVE_FRONTEND: 'true',
    FRONTEND_DIR: inject('frontendDir'),
    SMTP_URL: smtp.url,
    JOB_BACKOFF_MS: '200',
    ...env,
  });
  const workers: RunningWorkers = await runWorker(app.ctx);
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];

  async function newContext(viewport: 'phone' | 'desktop', inBrowser = browser) {
    const context = await inBrowser.newContext({ baseURL: app.url, viewport: VIEWPORTS[viewport] });
    contexts.push(context);
    return context;
  }

  return {
    app,
    url: app.url,
    smtp,
    browser,
    newPage: async ({ viewport = 'desktop' } = {}) => waitingForReact(await (await newContext(viewport)).newPage()),
    staffPage: async ({ viewport = 'desktop', roles, browser: inBrowser } = {}) => {
      const staff = await signInAsStaff(app, { roles });
      const context = await newContext(viewport, inBrowser);
      const [name, value] = staff.headers.cookie!.split('=') as [string, string];
      // A __Host- cookie must be Secure; Chromium keeps Secure cookies for http://127.0.0.1 too.
      const host = new URL(app.url).hostname;
      await context.addCookies([
        { name, value, domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' },
      ]);
      return { page: waitingForReact(await context.newPage()), staff };
    },
    close: async () => {
      // Contexts first: some live in browsers the test launched itself.
      await closeChromium(browser, () => Promise.all(contexts.map((context) => context.close())));
      await sayingIfLate('the worker', workers.close());
      await sayingIfLate('the API', app.close());
      await smtp.close();
    },
  };
}

/**
 * Each `goto` also waits until React has taken the page over: a page drawn on the server shows its
 * buttons at once, and a click before hydration does nothing. (`waitUntil: 'commit'` asks for the
 * page before that, on purpose.)
 */
function waitingForReact(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') {
      await page.waitForFunction(() => {
        const first = document.getElementById('root')?.firstElementChild;
        return (
          first !== null && first !== undefined && Object.keys(first).some((key) => key.startsWith('__reactFiber'))
        );
      });
    }
    return response;
  };
  return page;
}

/** Gather's own stop should take a second or two; one still running after 30 s is named, for the hook timeout that follows. */
async function sayingIfLate(what: string, closing: Promise<void>): Promise<void> {
  const timer = setTimeout(() => process.stderr.write(`${what} has not closed after 30 s\n`), 30_000);
  await closing.finally(() => clearTimeout(timer));
}

/** How far a page reaches past the window's right edge once loaded: above zero means sideways scrolling. */
export async function sidewaysOverflow(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Pages load in a production build on a busy machine: give them time, but never sleep. */
export const SLOW = { timeout: 10_000 };

export const pathOf = (page: Page): string => new URL(page.url()).pathname;
