import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A file that takes longer than this to read, convert or copy is treated as broken rather than waited on. */
export const TOOL_TIMEOUT_MS = 10 * 60 * 1000;

/** The tool ran but could not read the file, or ran past the time limit. */
export class ToolFailed extends Error {
  constructor(tool: string, cause: unknown) {
    super(`${tool} failed`, { cause });
    this.name = 'ToolFailed';
  }
}

/**
 * Runs a command-line media tool (ffmpeg, ffprobe, heif-convert...): its standard output, or undefined when
 * the tool is not installed. The tool is killed at the time limit, so no upload keeps a worker forever.
 */
export async function runTool(tool: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(tool, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ToolFailed(tool, error);
  }
}
