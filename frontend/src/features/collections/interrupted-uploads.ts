import { useEffect, useState } from 'react';

/** The sweep removes an upload a day after its last piece; one started longer ago than this cannot continue. */
const RESUMABLE_FOR_MS = 24 * 3600 * 1000;

/** How uploadFile fingerprints a file for tus-js-client: one per collection, so the same key finds it again. */
export function uploadFingerprint(collectionId: string, file: File): string {
  return ['gather', collectionId, file.name, file.type, file.size, file.lastModified].join(':');
}

/**
 * The names of files this browser began sending to the collection and did not finish, read from where
 * tus-js-client keeps them (localStorage, `tus::<fingerprint>::<id>`), so a guest who reloaded the page knows
 * that choosing them again continues them. Read after the first render: the server draws the page without them.
 */
export function useInterruptedUploads(collectionId: string): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => setNames(interruptedUploads(collectionId)), [collectionId]);
  return names;
}

function interruptedUploads(collectionId: string): string[] {
  const prefix = `tus::gather:${collectionId}:`;
  const names = new Set<string>();
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        creationTime?: string;
        metadata?: { filename?: string };
      };
      const age = Date.now() - new Date(stored.creationTime ?? 0).getTime();
      if (stored.metadata?.filename && age < RESUMABLE_FOR_MS) names.add(stored.metadata.filename);
    }
  } catch {
    // Storage turned off (some private windows) or an entry that is not what tus-js-client writes: nothing to say.
    return [];
  }
  return [...names];
}
