import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { collectionUploads } from '@gather/server/platform/database/schema/collections';
import { readStored } from '../../support/stored-media.js';
import {
  animatedGif,
  hasHeifTools,
  heicClaiming,
  heicWithLocation,
  heicWithTwoImages,
} from '../../support/pictures.js';
import { UploadProcessing } from '../../support/upload-processing.js';

const site = UploadProcessing.forFile();
const { collection, upload, processed, served, filesOf } = site;

/** True when the EXIF block (as sharp reads it: "Exif\0\0" then TIFF; from HEIF, TIFF alone) points to a GPS section. */
function hasGpsTags(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const header = exif.indexOf('Exif\0\0', 0, 'latin1');
  const tiff = header < 0 ? exif : exif.subarray(header + 6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  for (let entry = 0; entry < u16(ifd); entry += 1) {
    if (u16(ifd + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}

describe('processing an uploaded photo', () => {
  it('stands it upright, removes its location and camera data and makes WebP display and thumbnail sizes', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#6699cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Phone maker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 6/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTags(before.exif)).toBe(true);

    const baptism = await collection();
    const answer = await upload(baptism.id, photo, 'IMG_2041.JPG');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'processing', file: null, thumbnail: null, display: null });
    const [original] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.id, answer.body.id));

    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({
      status: 'ready',
      file_type: 'image',
      mime_type: 'image/jpeg',
      width: 1600,
      height: 2400,
      duration_seconds: null,
      poster: null,
      failure_reason: null,
    });
    expect(ready.file).toMatch(/^\/media\/collections\/.+\.jpg$/);
    expect(ready.file).not.toBe(`/media/${original!.file}`);
    expect(ready.display).toMatch(/\.webp$/);
    expect(ready.thumbnail).toMatch(/\.webp$/);

    const sizes = { file: [1600, 2400], display: [1280, 1920], thumbnail: [320, 480] } as const;
    for (const [version, [width, height]] of Object.entries(sizes)) {
      const { bytes, type } = await served(ready[version]);
      const shown = await sharp(bytes).metadata();
      expect({ version, width: shown.width, height: shown.height }).toEqual({ version, width, height });
      expect(type).toBe(version === 'file' ? 'image/jpeg' : 'image/webp');
      expect(shown.exif, version).toBeUndefined();
      expect(shown.orientation, version).toBeUndefined();
      expect(shown.xmp, version).toBeUndefined();
    }

    const [row] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.id, answer.body.id));
    const cleaned = await readStored(site.app, row!.file);
    expect(row!.fileSize).toBe(cleaned.length);
    expect(await filesOf(baptism.id)).toEqual([row!.file, row!.display!, row!.thumbnail!].sort());
    const publicList = await site.app.call('GET', `/api/photo-collections/public/${baptism.id}/uploads/`);
    const visitorsSee = { ...ready };
    delete visitorsSee.failure_reason;
    expect(publicList.body).toEqual([visitorsSee]);
  });

  it('never enlarges a small image and keeps its format', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const baptism = await collection();
    const answer = await upload(baptism.id, small, 'sticker.png', 'image/png');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/png', width: 64, height: 48 });
    expect(ready.file).toMatch(/\.png$/);
    for (const version of ['file', 'display', 'thumbnail']) {
      const shown = await sharp((await served(ready[version])).bytes).metadata();
      expect([shown.width, shown.height], version).toEqual([64, 48]);
    }
  });

  it('refuses a decompression bomb without decoding it, and keeps no file of it', async () => {
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const baptism = await collection();
    const answer = await upload(baptism.id, bomb, 'poster.png', 'image/png');
    expect(answer.status).toBe(201);

    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'The image is too large to process.',
      file: null,
      thumbnail: null,
      display: null,
      width: null,
    });
    expect(await filesOf(baptism.id)).toEqual([]);
    const publicList = await site.app.call('GET', `/api/photo-collections/public/${baptism.id}/uploads/`);
    expect(publicList.body[0]).not.toHaveProperty('failure_reason');
  });

  it('refuses a small animation whose frames together hold too many pixels, and a 100-million-pixel PNG', async () => {
    const animation = animatedGif(99, 1000, 1000);
    expect(animation.length).toBeLessThan(4096);
    const huge = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const baptism = await collection();
    for (const [bytes, name, type] of [
      [animation, 'party.gif', 'image/gif'],
      [huge, 'banner.png', 'image/png'],
    ] as const) {
      const answer = await upload(baptism.id, bytes, name, type);
      expect(answer.status).toBe(201);
      expect(await processed(baptism.id, answer.body.id), name).toMatchObject({
        status: 'failed',
        failure_reason: UPLOAD_FAILURES.imageTooLarge,
        file: null,
      });
    }
    expect(await filesOf(baptism.id)).toEqual([]);
  });

  it('fails a file that starts like a JPEG but is not one, with a reason staff can read', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 4), Buffer.from('this is not the rest of a photo')]);
    const baptism = await collection();
    const answer = await upload(baptism.id, broken, 'broken.jpg');
    expect(answer.status).toBe(201);
    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'The file is not a valid image.' });
    expect(await filesOf(baptism.id)).toEqual([]);
  });

  it('still refuses a renamed program at upload, before any processing', async () => {
    const baptism = await collection();
    const program = Buffer.from('7f454c46020101000000000000000000', 'hex');
    const answer = await upload(baptism.id, program, 'holiday.jpg');
    expect(answer.status).toBe(415);
    expect(await site.app.ctx.db.$count(collectionUploads, eq(collectionUploads.collectionId, baptism.id))).toBe(0);
  });

  it('deletes every version of a processed upload with it', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const baptism = await collection();
    const answer = await upload(baptism.id, photo, 'photo.jpg');
    await processed(baptism.id, answer.body.id);
    expect(await filesOf(baptism.id)).toHaveLength(3);
    const deleted = await site.app.call(
      'DELETE',
      `/api/photo-collections/uploads/${answer.body.id}/`,
      undefined,
      site.staff.headers,
    );
    expect(deleted.status).toBe(204);
    expect(await filesOf(baptism.id)).toEqual([]);
  });
});

/** The average colour of a horizontal band of a picture, as [red, green, blue]. */
async function bandColour(bytes: Buffer, band: 'top' | 'bottom'): Promise<number[]> {
  const { width, height } = await sharp(bytes).metadata();
  const top = band === 'top' ? 0 : Math.floor(height * 0.75);
  // stats() reads its input as it is, so the band is cut out first.
  const cut = await sharp(bytes)
    .extract({ left: 0, top, width, height: Math.floor(height / 4) })
    .png()
    .toBuffer();
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
function expectColour(actual: number[], expected: number[], label: string) {
  actual.forEach((value, at) => expect(Math.abs(value - expected[at]!), `${label}: ${actual}`).toBeLessThan(40));
}

describe.skipIf(!hasHeifTools)('processing an iPhone HEIC photo', () => {
  it('becomes an upright JPEG with WebP display and thumbnail sizes, without its location or camera data', async () => {
    const heic = await heicWithLocation(2400, 1600);
    const before = await sharp(heic).metadata();
    expect(before.format).toBe('heif');
    expect(hasGpsTags(before.exif)).toBe(true);

    const baptism = await collection();
    const answer = await upload(baptism.id, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(answer.status).toBe(201);
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({
      status: 'ready',
      file_type: 'image',
      mime_type: 'image/jpeg',
      width: 1600,
      height: 2400,
      failure_reason: null,
    });
    expect(ready.file).toMatch(/\.jpg$/);

    const sizes = { file: [1600, 2400], display: [1280, 1920], thumbnail: [320, 480] } as const;
    for (const [version, [width, height]] of Object.entries(sizes)) {
      const { bytes, type } = await served(ready[version]);
      const shown = await sharp(bytes).metadata();
      expect({ version, type, width: shown.width, height: shown.height }).toEqual({
        version,
        type: version === 'file' ? 'image/jpeg' : 'image/webp',
        width,
        height,
      });
      expect([shown.exif, shown.xmp, shown.orientation], version).toEqual([undefined, undefined, undefined]);
      // Upright: the left of the stored picture (red) is on top once turned a quarter clockwise.
      expectColour(await bandColour(bytes, 'top'), RED, `${version} top`);
      expectColour(await bandColour(bytes, 'bottom'), BLUE, `${version} bottom`);
    }
    expect(await filesOf(baptism.id)).toHaveLength(3);
  });

  it('refuses a HEIC whose header promises too many pixels, without decoding it', async () => {
    const baptism = await collection();
    const answer = await upload(baptism.id, await heicClaiming(20000, 20000), 'IMG_0003.HEIC', 'image/heic');
    expect(answer.status).toBe(201);
    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: UPLOAD_FAILURES.imageTooLarge, file: null });
    expect(await filesOf(baptism.id)).toEqual([]);
  });

  it('keeps only the primary image of a HEIC holding several', async () => {
    const baptism = await collection();
    const answer = await upload(baptism.id, await heicWithTwoImages(160, 120), 'IMG_0004.HEIC', 'image/heic');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/jpeg', width: 160, height: 120 });
    expectColour(await bandColour((await served(ready.file)).bytes, 'top'), RED, 'primary');
    expect(await filesOf(baptism.id)).toHaveLength(3);
  });

  it('turns a photo whose HEIF says how to turn it only once, whatever its EXIF orientation repeats', async () => {
    const heic = await heicWithLocation(600, 400, { turnedByHeif: true });
    const baptism = await collection();
    const answer = await upload(baptism.id, heic, 'IMG_0002.HEIC', 'image/heic');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/jpeg', width: 400, height: 600 });
    for (const version of ['file', 'display', 'thumbnail']) {
      const { bytes } = await served(ready[version]);
      expect((await sharp(bytes).metadata()).orientation, version).toBeUndefined();
      expectColour(await bandColour(bytes, 'top'), RED, `${version} top`);
      expectColour(await bandColour(bytes, 'bottom'), BLUE, `${version} bottom`);
    }
  });
});
