import {
  RESUMABLE_UPLOADS_PATH,
  type CollectionUpload,
  type MyUpload,
  type PublicCollection,
  type SpamCheck,
} from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePollingFallback } from '../../lib/live/hooks';
import { readFollowed } from '../../lib/live/pushed';
import { uploadFingerprint } from './interrupted-uploads';
import { queryKeys } from '../../lib/query-keys';
import { SLIDESHOW_CACHE_SIZE, SLIDESHOW_POLL_MS } from './slideshow';

const collectionPath = (collectionId: string) => `/api/photo-collections/public/${encodeURIComponent(collectionId)}`;

export function usePublicCollection(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.public(collectionId),
    queryFn: () => api.get<PublicCollection>(`${collectionPath(collectionId)}/`),
    retry: false,
  });
}

/** What visitors see of the collection, newest first, cut to the slideshow's SLIDESHOW_CACHE_SIZE; pushed live, polled only while offline. */
export function usePublicUploads(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.publicUploads(collectionId),
    queryFn: readFollowed(async () =>
      (await api.get<CollectionUpload[]>(`${collectionPath(collectionId)}/uploads/`)).slice(0, SLIDESHOW_CACHE_SIZE),
    ),
    refetchInterval: usePollingFallback(SLIDESHOW_POLL_MS, 'audience'),
  });
}

/**
 * How often the guest's own list is asked for again: often while something of theirs is on its way,
 * now and then otherwise (so files sent with "Upload More Files", which cancels the reload, show up too).
 */
export const MY_UPLOADS_POLL_MS = { busy: 5_000, settled: 20_000 } as const;
const settled = (upload: MyUpload) => upload.state !== 'processing' && upload.state !== 'waiting';

/**
 * This browser's own uploads (its device cookie), with how each is getting on. Always asked for again
 * in the browser: the server draws pages without the visitor's cookies, so its answer is always none.
 */
export function useMyUploads(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.mine(collectionId),
    queryFn: () => api.get<MyUpload[]>(`${collectionPath(collectionId)}/uploads/mine/`),
    staleTime: 0,
    refetchInterval: (query) => {
      const mine = query.state.data;
      return Array.isArray(mine) && !mine.every(settled) ? MY_UPLOADS_POLL_MS.busy : MY_UPLOADS_POLL_MS.settled;
    },
  });
}

/** How far one file has got; `resuming` while it continues an earlier upload or retries after a drop. */
export interface FileProgress {
  sent: number;
  total: number;
  resuming: boolean;
}

/** A dropped connection loses at most one piece of this size. */
const PIECE_BYTES = 5 * 1024 * 1024;
/** About five minutes of trying, sooner at first: most drops on church Wi-Fi are short. */
const RETRY_DELAYS_MS = [0, 1000, 2000, 3000, 5000, 10_000, 15_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000];

/**
 * One file at a time, as the server takes them, sent with the tus protocol so a dropped connection or a
 * reloaded page continues where it stopped; each file of a batch carries the batch's spam check. Resolves
 * with the stored upload, or undefined when a success came without one (the spec counts it a success).
 */
export async function uploadFile(
  collectionId: string,
  file: File,
  uploaderName: string,
  check: SpamCheck,
  onProgress: (progress: FileProgress) => void,
): Promise<CollectionUpload | undefined> {
  // Loaded when a guest uploads, not with the page: most visitors of the site never do.
  const tus = await import('tus-js-client');
  if (!tus.isSupported) return uploadWhole(collectionId, file, uploaderName, check, onProgress);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let resuming = false;
    const report = () => onProgress({ sent, total: file.size, resuming });
    const upload = new tus.Upload(file, {
      endpoint: RESUMABLE_UPLOADS_PATH,
      chunkSize: PIECE_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: {
        collection_id: collectionId,
        filename: file.name,
        filetype: file.type,
        uploader_name: uploaderName,
        website: check.website ?? '',
        ...(typeof check.fill_time_ms === 'number' && { fill_time_ms: String(check.fill_time_ms) }),
      },
      // The same file picked again for the same collection continues; for another collection it starts anew.
      fingerprint: async () => uploadFingerprint(collectionId, file),
      removeFingerprintOnSuccess: true,
      // A phone that lost its network says it is offline; tus would then give up at once, so keep trying.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry) {
          resuming = true;
          report();
        }
        return retry;
      },
      onProgress: (bytesSent) => {
        sent = bytesSent;
        report();
      },
      onChunkComplete: (_piece, accepted) => {
        sent = accepted;
        resuming = false;
        report();
      },
      onSuccess: ({ lastResponse }) => resolve(answerOf(lastResponse.getBody())),
      onError: reject,
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const earlier = previous[0];
        if (earlier) {
          resuming = true;
          report();
          upload.resumeFromPreviousUpload(earlier);
        }
        upload.start();
      })
      .catch(reject);
  });
}

/** The last piece is answered with the upload, as the one-call upload answers it. */
function answerOf(body: string): CollectionUpload | undefined {
  try {
    return JSON.parse(body) as CollectionUpload;
  } catch {
    return undefined;
  }
}

/** The spec's one-call multipart upload, for a browser without what tus needs. */
function uploadWhole(
  collectionId: string,
  file: File,
  uploaderName: string,
  check: SpamCheck,
  onProgress: (progress: FileProgress) => void,
): Promise<CollectionUpload> {
  const form = new FormData();
  form.append('file', file);
  form.append('uploader_name', uploaderName);
  form.append('website', check.website ?? '');
  if (typeof check.fill_time_ms === 'number') form.append('fill_time_ms', String(check.fill_time_ms));
  return api.upload<CollectionUpload>(`${collectionPath(collectionId)}/upload/`, form, {
    onProgress: (sent, total) => onProgress({ sent, total: total || file.size, resuming: false }),
  });
}
