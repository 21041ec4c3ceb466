import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileTypeFromFile } from 'file-type';

const execFileAsync = promisify(execFile);

/** Reading a header takes well under a second; a file that keeps ffprobe longer is treated as unreadable. */
const PROBE_TIMEOUT_MS = 60_000;

/** What podcast apps accept: MP3, and AAC (or ALAC) in an MPEG-4 audio file. */
const AUDIO_FORMATS = {
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg', codecs: ['mp3'] },
  m4a: { extension: 'm4a', mimeType: 'audio/x-m4a', codecs: ['aac', 'alac'] },
} as const;
/** file-type's names for the bytes; an M4A saved with a generic brand reads as MP4 and ffprobe decides. */
const SNIFFED: Record<string, keyof typeof AUDIO_FORMATS> = { mp3: 'mp3', m4a: 'm4a', mp4: 'm4a' };

export interface SermonAudioFile {
  extension: string;
  mimeType: string;
  durationSeconds: number | null;
}

/**
 * The format and duration of a sermon recording, read from its bytes and by ffprobe; undefined when it is not
 * an MP3 or M4A holding sound only (a video, a document renamed .mp3, a broken file). Without ffprobe installed,
 * a file whose bytes say MP3 or M4A is kept without a duration.
 */
export async function readSermonAudio(filePath: string): Promise<SermonAudioFile | undefined> {
  const sniffed = await fileTypeFromFile(filePath);
  const format = sniffed && Object.hasOwn(SNIFFED, sniffed.ext) ? AUDIO_FORMATS[SNIFFED[sniffed.ext]!] : undefined;
  if (!format) return undefined;
  const probe = await runProbe(filePath);
  if (probe === 'not-installed') {
    return sniffed!.ext === 'mp4'
      ? undefined
      : { extension: format.extension, mimeType: format.mimeType, durationSeconds: null };
  }
  if (!probe) return undefined;
  // Cover art in an MP3 or M4A shows as a one-picture video stream; anything else that moves is a video.
  const moving = probe.streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const sound = probe.streams.filter((stream) => stream.codec_type === 'audio');
  if (moving || sound.length === 0) return undefined;
  if (!sound.every((stream) => (format.codecs as readonly string[]).includes(stream.codec_name ?? '')))
    return undefined;
  const duration = Number(probe.format?.duration);
  return {
    extension: format.extension,
    mimeType: format.mimeType,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 100) / 100 : null,
  };
}

interface Probe {
  streams: Array<{ codec_type?: string; codec_name?: string; disposition?: { attached_pic?: number } }>;
  format?: { duration?: string };
}

async function runProbe(filePath: string): Promise<Probe | 'not-installed' | undefined> {
  try {
    const { stdout } = await execFileAsync(
      'ffprobe',
      [
        ...['-v', 'error', '-protocol_whitelist', 'file'],
        ...['-show_entries', 'stream=codec_type,codec_name:stream_disposition=attached_pic:format=duration'],
        ...['-of', 'json', filePath],
      ],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
    );
    const parsed = JSON.parse(stdout) as Partial<Probe>;
    return { streams: parsed.streams ?? [], format: parsed.format };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'not-installed';
    return undefined;
  }
}
