import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the media-s3 project: every test app keeps its media in this S3 server, in a folder of its own. */
    mediaStoreUrl?: string;
  }
}

const BUCKET = 'gather-test-media';

/** A real S3-protocol server in a temporary folder, for the media tests' second run (the S3 driver). */
export default async function setup(project: TestProject) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  project.provide('mediaStoreUrl', `s3://${BUCKET}?endpoint=${endpoint}&region=eu-west-2&forcePathStyle=true`);
  return async () => {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  };
}
