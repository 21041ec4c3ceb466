import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { MediaRefused } from './refused.js';

const execFileAsync = promisify(execFile);

/** A video that takes longer than this to read or copy is treated as broken rather than waited on. */
const TOOL_TIMEOUT_MS = 10 * 60 * 1000;
/** ffmpeg follows URLs and playlists a crafted file can name; uploads are only ever read as local files. */
const LOCAL_FILES_ONLY = ['-protocol_whitelist', 'file'];

/** The muxer for each uploadable video format (by its sniffed extension), so a copy keeps its container. */
const MUXERS: Record<string, string> = {
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  '3gp': '3gp',
  webm: 'webm',
  mkv: 'matroska',
};
const MOVIE_CONTAINERS = new Set(['mp4', 'mov', '3gp']);

export interface VideoProbe {
  durationSeconds: number | null;
}

/**
 * What ffprobe says about a video: undefined when ffprobe is not installed (the video is then
 * kept as sent), a MediaRefused when it finds no video stream in the file.
 */
export async function probeVideo(source: string): Promise<VideoProbe | undefined> {
  const output = await run('ffprobe', [
    '-v',
    'error',
    ...LOCAL_FILES_ONLY,
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_type:format=duration',
    '-of',
    'json',
    source,
  ]);
  if (output === undefined) return undefined;
  const probe = JSON.parse(output) as { streams?: unknown[]; format?: { duration?: string } };
  if (!probe.streams?.length) throw new MediaRefused(UPLOAD_FAILURES.notAVideo);
  const duration = Number(probe.format?.duration);
  // Recordings made in a browser often carry no duration at all.
  return { durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 100) / 100 : null };
}

/**
 * Copies the video and sound, unchanged, into a new file without the container's metadata: phones
 * record where a video was made there. The picture's rotation is not metadata and stays.
 * False when ffmpeg is not installed.
 */
export async function copyWithoutMetadata(source: string, target: string, sniffedExtension: string): Promise<boolean> {
  const muxer = MUXERS[sniffedExtension] ?? 'matroska';
  const output = await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...LOCAL_FILES_ONLY,
    '-i',
    source,
    '-map',
    '0:v',
    '-map',
    '0:a?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c',
    'copy',
    // Puts the index first, so browsers start playing before the whole file has arrived.
    ...(MOVIE_CONTAINERS.has(muxer) ? ['-movflags', '+faststart'] : []),
    '-f',
    muxer,
    target,
  ]);
  return output !== undefined;
}

/** One upright frame as a PNG; false when ffmpeg is missing or found no frame there. */
export async function extractFrame(source: string, target: string, atSeconds: number): Promise<boolean> {
  const args = ['-v', 'error', '-y', ...LOCAL_FILES_ONLY, '-ss', String(atSeconds), '-i', source];
  const output = await run('ffmpeg', [...args, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', target]).catch(
    () => undefined,
  );
  if (output === undefined) return false;
  return fs.stat(target).then(
    (stats) => stats.size > 0,
    () => false,
  );
}

/**
 * Runs an ffmpeg tool: its output, or undefined when the tool is not installed. A tool that
 * cannot read the file (or runs past the time limit) means the file is not a usable video.
 */
async function run(tool: 'ffmpeg' | 'ffprobe', args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(tool, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new MediaRefused(UPLOAD_FAILURES.notAVideo);
  }
}
