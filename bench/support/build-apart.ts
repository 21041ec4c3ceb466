import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const buildSiteFile = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/build-site.ts'),
).href;

/**
 * The production build of the pages (frontend/build-site.ts) into `outDir`, made by a process of its own: Vite's
 * memory would otherwise stay in the bench process, where the API under test runs and its memory is measured.
 */
export function buildSiteApart(outDir: string): void {
  const script = `const { buildSite } = await import(${JSON.stringify(buildSiteFile)}); await buildSite(${JSON.stringify(outDir)});`;
  const built = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the pages did not build (exit ${built.status ?? built.signal})`);
}
