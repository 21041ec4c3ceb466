import fs from 'node:fs/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { cloneOfThisCheckout } from '../support/clone.js';
import { photoWithLocation } from '../support/pictures.js';
import { Deployment, requireDocker, writeDotEnv } from './support/deployment.js';
import { firstStaffPassword, processed, PUBLIC_URL, signIn, upload, type Staff } from './support/site.js';

/**
 * The scale profile as the README starts it: a second API, MinIO for media and a proxy in front of both APIs.
 * The image is the one the default deploy's test built (`docker compose build`), as on a church's server.
 */
const STORE_SECRET = 'k9Vt2mWq7xLp4sRz8nBc1dFg';
let deployment: Deployment;
let staff: Staff;
let proxy: string;

beforeAll(async () => {
  requireDocker();
  const dir = await cloneOfThisCheckout();
  deployment = new Deployment(dir, await freePort());
  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${proxyPort}`;
  await writeDotEnv(dir, {
    POSTGRES_PASSWORD: 'q2Zr8Kx5Nw1Pt7Lm3Vb9',
    PUBLIC_URL,
    SMTP_URL: 'smtp://mail.example.org:587',
    UNSUBSCRIBE_SECRET: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718',
    GATHER_PORT: String(deployment.port),
    GATHER_SCALE_PORT: String(proxyPort),
    MEDIA_STORAGE_URL: 's3://gather-media?endpoint=http://media-store:9000&region=eu-west-2&forcePathStyle=true',
    AWS_ACCESS_KEY_ID: 'gather',
    AWS_SECRET_ACCESS_KEY: STORE_SECRET,
  });
  await deployment.readmeStep('docker compose build');
  await deployment.readmeStep('docker compose --profile scale up -d');
  await deployment.healthy(['postgres', 'redis', 'media-store', 'api', 'api-2', 'worker']);
  const password = await firstStaffPassword(deployment);
  staff = await signIn(proxy, 'admin', password);
}, 30 * 60_000);

afterAll(async () => {
  await deployment?.remove();
  await fs.rm(deployment?.dir ?? '', { recursive: true, force: true });
}, 5 * 60_000);

/** Which API answered a request through the proxy: each logs the request id it gave the answer. */
async function apiThatAnswered(requestId: string): Promise<string> {
  for (const service of ['api', 'api-2']) if ((await deployment.logs(service)).includes(requestId)) return service;
  throw new Error(`no API logged request ${requestId}`);
}

/** A media address as one API serves it, asked from inside that API's container. */
async function servedBy(service: string, url: string): Promise<string> {
  const { stdout } = await deployment.exec(service, [
    'node',
    '-e',
    `fetch('http://127.0.0.1:3000' + process.argv[1]).then(async (r) => {
       const bytes = Buffer.from(await r.arrayBuffer());
       console.log(r.status, require('node:crypto').createHash('sha256').update(bytes).digest('hex'));
     })`,
    url,
  ]);
  return stdout.trim();
}

/** Every key in the media store's bucket, read over the S3 protocol from the store's address on its network. */
async function keysInStore(): Promise<string[]> {
  const address = await deployment.inspect('media-store', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}');
  const s3 = new S3Client({
    endpoint: `http://${address}:9000`,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'gather', secretAccessKey: STORE_SECRET },
  });
  try {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'gather-media' }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  } finally {
    s3.destroy();
  }
}

describe('the scale profile, as the README starts it', () => {
  it('takes uploads through either API, keeps the media in the S3 store and serves them from both', async () => {
    const made = await staff.call('POST', '/api/photo-collections/', { name: 'Harvest Sunday' });
    expect(made.status).toBe(201);
    const collection = made.body.id as string;
    // The proxy keeps each visitor on one API: visitors from several addresses reach both.
    const tookOne = new Map<string, number>();
    for (let visitor = 1; visitor <= 40 && tookOne.size < 2; visitor++) {
      const photo = await photoWithLocation(800 + visitor, 600);
      const answer = await upload(
        proxy,
        collection,
        photo,
        `photo-${visitor}.jpg`,
        'image/jpeg',
        `198.51.100.${visitor}`,
      );
      expect(answer.status).toBe(201);
      const service = await apiThatAnswered(answer.headers.get('x-request-id')!);
      tookOne.set(service, answer.body.id as number);
    }
    expect([...tookOne.keys()].sort()).toEqual(['api', 'api-2']);

    const stored = new Set<string>();
    for (const id of tookOne.values()) {
      const done = await processed(staff, collection, id);
      expect(done.status).toBe('ready');
      for (const url of [done.file, done.display, done.thumbnail]) {
        const key = url!.replace(/^\/media\//, '');
        stored.add(key);
        const [fromApi, fromApi2] = [await servedBy('api', url!), await servedBy('api-2', url!)];
        expect(fromApi).toMatch(/^200 [0-9a-f]{64}$/);
        expect(fromApi2).toBe(fromApi);
      }
    }
    const inStore = await keysInStore();
    for (const key of stored) expect(inStore).toContain(key);
    // Nothing finished stays on an API's own disk: the media volume holds only pieces of unfinished uploads.
    const { stdout } = await deployment.exec('api', [
      'sh',
      '-c',
      'find /data/media -type f -not -path "*/.incoming/*"',
    ]);
    expect(stdout.trim()).toBe('');
  });
});
