import { chromium } from 'playwright-core';
import { firstLoadScripts, kb, publicPagePaths } from '../tests/support/page-weight.js';
import { startPagesSite } from './support/bare-pages.js';

/**
 * The compressed JavaScript every public page of the production build (with the demo content)
 * loads first, as a phone on an empty cache receives it, against the budget of 150 KB and
 * beside a bare React page built by the same Vite and sent by the same server (the least a React
 * page can weigh). Bytes do not depend on the machine: one run is enough.
 */
const BUDGET = 150 * 1024;
const site = await startPagesSite('page-weight');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
});

/** A fresh profile each time: a script cached by an earlier page would count as nothing. */
async function weigh(page: string): Promise<number> {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 } });
  try {
    const scripts = await firstLoadScripts(await context.newPage(), page);
    return [...scripts.values()].reduce((sum, size) => sum + size, 0);
  } finally {
    await context.close();
  }
}

let failed = false;
try {
  const bareReact = await weigh('/bare-react/index.html');
  console.log(`bare React page: ${kb(bareReact)} KB`);
  for (const page of await publicPagePaths(site.ctx.db)) {
    const bytes = await weigh(page);
    failed ||= bytes > BUDGET;
    console.log(
      `${page.padEnd(52)} ${kb(bytes).padStart(6)} KB (${(bytes / bareReact).toFixed(2)}x bare React): ` +
        (bytes > BUDGET ? 'OVER the budget of 150 KB' : 'within 150 KB'),
    );
  }
} finally {
  await browser.close();
  await site.close();
}
process.exit(failed ? 1 : 0);
