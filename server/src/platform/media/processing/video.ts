import fs from 'node:fs/promises';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { MediaRefused } from './refused.js';
import { runTool, ToolFailed } from './tools.js';

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
  /** ffprobe's names for the first video stream's codec and pixel format, e.g. hevc and yuv420p. */
  videoCodec: string;
  pixelFormat: string | undefined;
  audioCodecs: string[];
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
    '-show_entries',
    'stream=codec_type,codec_name,pix_fmt:format=duration',
    '-of',
    'json',
    source,
  ]);
  if (output === undefined) return undefined;
  type Stream = { codec_type?: string; codec_name?: string; pix_fmt?: string };
  const probe = JSON.parse(output) as { streams?: Stream[]; format?: { duration?: string } };
  const streams = probe.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  if (!video) throw new MediaRefused(UPLOAD_FAILURES.notAVideo);
  const duration = Number(probe.format?.duration);
  return {
    // Recordings made in a browser often carry no duration at all.
    durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 100) / 100 : null,
    videoCodec: video.codec_name ?? 'unknown',
    pixelFormat: video.pix_fmt,
    audioCodecs: streams.filter((stream) => stream.codec_type === 'audio').map((stream) => stream.codec_name ?? ''),
  };
}

/** Containers (by the file's bytes, as sniffed) and codecs that Chrome, Firefox and Safari all play as they are. */
const PLAYABLE_CONTAINERS = new Set(['mp4', 'm4v', 'webm']);
const PLAYABLE_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** 8-bit 4:2:0: browsers decode H.264 in hardware only in this form (an iPhone's 10-bit HDR clip is not). */
const PLAYABLE_PIXELS = new Set(['yuv420p', 'yuvj420p']);
const PLAYABLE_AUDIO = new Set(['aac', 'mp3', 'opus', 'vorbis', 'flac']);

/**
 * Whether a video needs an H.264 copy to play in every browser: HEVC (an iPhone's default), a QuickTime .mov,
 * 3GP or Matroska container, or sound in a codec browsers lack. Decided by what ffprobe and the bytes say,
 * never by the file's name.
 */
export function needsPlayableCopy(probe: VideoProbe, sniffedExtension: string): boolean {
  return (
    !PLAYABLE_CONTAINERS.has(sniffedExtension) ||
    !PLAYABLE_VIDEO.has(probe.videoCodec) ||
    (probe.pixelFormat !== undefined && !PLAYABLE_PIXELS.has(probe.pixelFormat)) ||
    probe.audioCodecs.some((codec) => !PLAYABLE_AUDIO.has(codec))
  );
}

/** Longest side, then shortest: a 1080p frame on its side fits too (phones film upright). */
const PLAYABLE_MAX = { long: 1920, short: 1080 };

/**
 * Writes an H.264/AAC MP4 every browser plays: at most 1080p, keeping the aspect ratio with even sides
 * (H.264 in 4:2:0 needs them), turned upright, index first so playing starts at once, and without the
 * container's or streams' metadata (where it was filmed). False when ffmpeg is not installed.
 */
export async function writePlayableCopy(source: string, target: string): Promise<boolean> {
  const { long, short } = PLAYABLE_MAX;
  const fit =
    `scale=w='if(gte(iw,ih),min(${long},iw),min(${short},iw))':h='if(gte(iw,ih),min(${short},ih),min(${long},ih))'` +
    ':force_original_aspect_ratio=decrease:force_divisible_by=2';
  const output = await run('ffmpeg', [
    ...['-v', 'error', '-y', ...LOCAL_FILES_ONLY, '-i', source],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1'],
    ...['-vf', fit, '-c:v', 'libx264', '-preset', 'fast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', target],
  ]);
  return output !== undefined;
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

/** A tool that cannot read the file (or runs past the time limit) means the file is not a usable video. */
async function run(tool: 'ffmpeg' | 'ffprobe', args: string[]): Promise<string | undefined> {
  try {
    return await runTool(tool, args);
  } catch (error) {
    if (error instanceof ToolFailed) throw new MediaRefused(UPLOAD_FAILURES.notAVideo);
    throw error;
  }
}
