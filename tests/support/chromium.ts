import fs from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';

/** Long enough for a browser on a busy two-core machine (seconds at most), short of the suite's hook timeout. */
const CLOSE_WITHIN_MS = 30_000;

const processGroups = new WeakMap<Browser, number>();

/**
 * Debian's Chromium, never a downloaded browser; these flags keep it off the (closed) network. `args` adds
 * more (a fake camera playing a file, say).
 */
export async function launchChromium({ args = [] }: { args?: string[] } = {}): Promise<Browser> {
  const before = await chromiumChildren();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...args,
    ],
  });
  const launched = (await chromiumChildren()).filter((pid) => !before.includes(pid));
  if (launched.length === 1) processGroups.set(browser, launched[0]!);
  return browser;
}

/**
 * Closes `browser` after `closeFirst` (its contexts, say). Chromium now and then never answers a close on a busy
 * machine, which once held a file whose tests had all passed until the suite's hook timeout; a browser still
 * open after 30 s is killed, and says so. Playwright launches it as the leader of its own process group, so the
 * kill takes its renderers too.
 */
export async function closeChromium(browser: Browser, closeFirst: () => Promise<unknown> = async () => undefined) {
  const closing = closeFirst().then(() => browser.close());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_WITHIN_MS)));
  const outcome = await Promise.race([closing, late]).finally(() => clearTimeout(timer));
  if (outcome !== 'late') return;
  const group = processGroups.get(browser);
  process.stderr.write(
    `Chromium (process group ${group ?? 'unknown'}) did not close within ${CLOSE_WITHIN_MS / 1000} s: killing it\n`,
  );
  if (group === undefined) throw new Error('Chromium did not close, and its process is not known');
  process.kill(-group, 'SIGKILL');
  // Calls Playwright had in flight fail once the browser is gone; the browser is what had to end.
  await closing.catch(() => undefined);
}

/** Chromium processes this process started (Playwright talks to each over a pipe). */
async function chromiumChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const [stat, commandLine] = await Promise.all([
      fs.readFile(`/proc/${name}/stat`, 'utf8'),
      fs.readFile(`/proc/${name}/cmdline`, 'utf8'),
    ]).catch(() => ['', '']);
    // The command name in field 2 may hold spaces and brackets: the parent id is the second field after it.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === process.pid && commandLine.includes('--remote-debugging-pipe')) found.push(Number(name));
  }
  return found;
}
