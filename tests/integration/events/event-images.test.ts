import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoWithLocation } from '../../support/pictures.js';
import { eventForm, form, StaffEvents } from '../../support/staff-events.js';

const site = StaffEvents.forFile();
const { photo, staffCall, createEvent, mediaFiles, exists, storedEvent, eventCount, processed, served } = site;

// staff.test.ts ends with a test that the temporary folder is empty once its uploads are done; the uploads here, the
// refused ones above all, are held to the same, after the last of them (and before the site closes).
afterAll(async () => {
  expect(await fs.readdir(path.join(site.app.mediaDir, '.incoming'))).toEqual([]);
});

describe("an event's picture, processed like a visitor's photo", () => {
  it('is never served as sent: the copy visitors get has no location, and the original goes', async () => {
    const withLocation = await photoWithLocation(3000, 1200);
    expect((await sharp(withLocation).metadata()).exif).toBeDefined();

    // With the worker away, the original waits: nobody can fetch it, by the API's answer or by its path.
    await site.stopWorker();
    const answer = await createEvent({}, photo(withLocation, 'IMG_0007.jpg'));
    expect(answer.status).toBe(201);
    expect(answer.body.image).toBeNull();
    const original = (await storedEvent(answer.body.id))!.image!;
    expect(original).toMatch(/^events\//);
    expect(await exists(original)).toBe(true);
    expect((await fetch(`${site.app.url}/media/${original}`)).status).toBe(404);
    const listed = await site.app.call('GET', '/api/events/');
    expect(listed.body.find((event: { id: number }) => event.id === answer.body.id).image).toBeNull();

    await site.startWorker();
    const shown = await processed(answer.body.id);
    const { bytes, type } = await served(shown.image);
    expect(type).toBe('image/webp');
    const copy = await sharp(bytes).metadata();
    expect({ width: copy.width, height: copy.height, exif: copy.exif, xmp: copy.xmp }).toEqual({
      width: 1920,
      height: 768,
      exif: undefined,
      xmp: undefined,
    });
    expect(await exists(original)).toBe(false);
    expect((await mediaFiles()).filter((file) => file.startsWith('events/'))).toContain(
      shown.image.replace(/^\/media\//, ''),
    );
  });

  it('refuses an image declaring absurd dimensions at once, keeping neither a row nor a file', async () => {
    // A 100,000 × 100,000 PNG header in a few bytes: decoding it would need 30 GB.
    const bomb = Buffer.from(site.png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const rowsBefore = await eventCount();
    const filesBefore = await mediaFiles();
    const created = await createEvent({}, { bytes: bomb, name: 'banner.png', type: 'image/png' });
    expect(created).toMatchObject({ status: 400, body: { image: ['The image is too large to process.'] } });

    const existing = await processed((await createEvent({}, photo())).body.id);
    const edited = await staffCall(
      'PUT',
      `/api/events/${existing.id}/`,
      form(eventForm(), { bytes: bomb, name: 'banner.png', type: 'image/png' }),
    );
    expect(edited).toMatchObject({ status: 400, body: { image: ['The image is too large to process.'] } });
    expect((await storedEvent(existing.id))!.image).toBe(existing.image.replace(/^\/media\//, ''));
    expect(await eventCount()).toBe(rowsBefore + 1);
    expect((await mediaFiles()).filter((file) => !filesBefore.includes(file))).toEqual([
      existing.image.replace(/^\/media\//, ''),
    ]);
  });

  it('is dropped when the worker cannot read past its header, keeping no file of it', async () => {
    const noisy = Buffer.alloc(200 * 100 * 3).map((_, index) => (index * 7919) % 251);
    const whole = await sharp(noisy, { raw: { width: 200, height: 100, channels: 3 } })
      .png()
      .toBuffer();
    const cut = whole.subarray(0, whole.length / 2);
    const answer = await createEvent({}, { bytes: cut, name: 'cut.png', type: 'image/png' });
    expect(answer.status).toBe(201);
    expect(await processed(answer.body.id)).toMatchObject({ image: null });
    expect(await storedEvent(answer.body.id)).toMatchObject({ image: null });
    expect((await mediaFiles()).filter((file) => file.includes('.processing-'))).toEqual([]);
  });
});
