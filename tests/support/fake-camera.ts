import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A phone camera for Chromium that films one picture: Chromium's fake capture device, playing it on a loop. */
export interface FakeCamera {
  /** The launch arguments that give Chromium this camera, and let pages use it without asking. */
  args: string[];
  remove(): Promise<void>;
}

/**
 * Films `image` (a PNG or JPEG, a ticket's QR code say) held in the middle of the frame with a white margin, as a
 * phone held up to a ticket sees it, into a video Chromium plays as its camera (ffmpeg, from Debian).
 */
export async function fakeCameraFilming(image: Buffer): Promise<FakeCamera> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-camera-'));
  const picture = path.join(folder, 'picture.png');
  const video = path.join(folder, 'camera.y4m');
  await fs.writeFile(picture, image);
  // A few frames a second are plenty for a still picture, and keep the uncompressed file small.
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    picture,
    '-t',
    '2',
    '-r',
    '5',
    '-vf',
    'scale=360:360:flags=neighbor,pad=640:480:140:60:white',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  return {
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
    remove: () => fs.rm(folder, { recursive: true, force: true }),
  };
}
