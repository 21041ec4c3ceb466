import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A real recording made by ffmpeg, written into `folder`: a tone lasting `seconds`, encoded by `codec`
 * (an MP3 unless told otherwise), so the API's sniffing and ffprobe see what a phone or a desk recorder makes.
 */
export function toneRecording(
  folder: string,
  name: string,
  seconds: number,
  codec: string[] = ['-c:a', 'libmp3lame'],
): Buffer {
  const file = path.join(folder, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codec,
    file,
  ]);
  return readFileSync(file);
}
