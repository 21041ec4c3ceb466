import { eq } from 'drizzle-orm';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { CollectionUploads, uploadUrl } from '../../support/collection-uploads.js';

const site = CollectionUploads.forFile();
const { collection, mediaFiles, expectNothingKept } = site;

describe('uploads that do not finish', () => {
  const boundary = 'gather-test-boundary';
  const partHeader = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );

  /** Starts an upload by hand and keeps it open, so the test decides how it ends. */
  function startSlowUpload(collectionId: string) {
    const request = http.request(site.app.url + uploadUrl(collectionId), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(Buffer.concat([partHeader, site.jpeg.subarray(0, 200)]));
    return { request, answer };
  }

  async function waitFor(condition: () => Promise<boolean>, what: string) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting until ${what}`);
  }

  const incomingFiles = async () => (await mediaFiles()).filter((file) => file.startsWith('.incoming'));

  it('removes the partial file when the visitor goes away mid-upload', async () => {
    const picnic = await collection();
    const before = await mediaFiles();
    const { request, answer } = startSlowUpload(picnic.id);
    answer.catch(() => undefined);
    await waitFor(async () => (await incomingFiles()).length === 1, 'the upload is being written');

    request.destroy();
    await waitFor(async () => (await incomingFiles()).length === 0, 'the partial file is removed');
    await expectNothingKept(picnic.id, before);
  });

  it('removes the stored file when the collection is deleted while the file arrives', async () => {
    const picnic = await collection();
    const before = await mediaFiles();
    const { request, answer } = startSlowUpload(picnic.id);
    await waitFor(async () => (await incomingFiles()).length === 1, 'the upload is being written');

    await site.app.ctx.db.delete(photoCollections).where(eq(photoCollections.id, picnic.id));
    request.end(Buffer.concat([site.jpeg.subarray(200), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const { status, body } = await answer;
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({ detail: 'Not found.' });
    await expectNothingKept(picnic.id, before);
  });
});
