import { createHmac, type KeyObject } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../platform/errors.js';
import { keyFor } from '../../platform/signed-links.js';

/** The metadata key an upload's owner is kept under; what a visitor sends under it is replaced. */
export const OWNER_KEY = 'gather_owner';

const MIB = 1024 * 1024;

/**
 * What one address holds in resumable uploads it started and has not finished: each may be as large as its
 * collection allows and is kept a day, so without a bound a script could fill the disk with uploads it never
 * finishes. The address itself is not written down, only a keyed hash of it, kept with the upload until it
 * finishes or is swept.
 */
export class UnfinishedUploads {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly maxMbPerAddress: number,
  ) {
    this.key = keyFor(secret, 'gather:unfinished-upload-owner');
  }

  ownerOf(address: string): string {
    return createHmac('sha256', this.key).update(address).digest('base64url');
  }

  /** Refuses (429) a new upload of `size` bytes that would take the owner's unfinished uploads over the bound. */
  async ensureRoomFor(folder: string, owner: string, size: number): Promise<void> {
    const held = await this.heldBy(folder, owner);
    if (held + size > this.maxMbPerAddress * MIB) {
      throw new AppError(429, {
        detail: 'Too many uploads from your connection are still unfinished. Please let them finish first.',
      });
    }
  }

  /** The declared sizes of the owner's uploads still in the folder (tus keeps each one's details in `<id>.json`). */
  private async heldBy(folder: string, owner: string): Promise<number> {
    let held = 0;
    for (const name of await fs.readdir(folder)) {
      if (!name.endsWith('.json')) continue;
      const upload = await readUpload(path.join(folder, name));
      if (upload?.metadata?.[OWNER_KEY] === owner) held += upload.size ?? 0;
    }
    return held;
  }
}

async function readUpload(
  file: string,
): Promise<{ size?: number; metadata?: Record<string, string | null> } | undefined> {
  // One finished or swept meanwhile is simply gone.
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
