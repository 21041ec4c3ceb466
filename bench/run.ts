import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- name... --option=value...]`: runs every bench file (or those whose name contains one of the
 * given words) one after the other, each in its own process so one bench's servers and pools
 * cannot slow the next. Exits non-zero when any bench fails.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
/** Options such as `--devices=50`, handed to every bench run (each reads those it knows). */
const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  // The benches host the API in their own process: it runs with production's young generation and malloc arenas
  // (Dockerfile), or a bench would weigh memory the site never holds.
  const run = spawnSync(
    process.execPath,
    ['--max-semi-space-size=16', '--import', 'tsx', path.join(dir, bench), ...options],
    {
      stdio: 'inherit',
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    },
  );
  if (run.status !== 0) {
    failed += 1;
    console.error(`${bench} failed (exit ${run.status ?? run.signal})`);
  }
}
if (benches.length === 0) console.log('no bench matched');
process.exit(failed ? 1 : 0);
