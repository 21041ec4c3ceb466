import type { Config } from '../config.js';
import { LocalMediaStorage } from './local-storage.js';
import { S3MediaStorage } from './s3-storage.js';
import type { MediaStorage } from './storage.js';

const made = new WeakMap<Config, MediaStorage>();

/**
 * The one media store of these settings, the same for the API, the worker and the seed: the S3-compatible store of
 * MEDIA_STORAGE_URL when set, else the local MEDIA_DIR. One per settings object, so its connections are shared.
 */
export function mediaStorage(config: Config): MediaStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.MEDIA_STORAGE_URL
      ? new S3MediaStorage(config.MEDIA_STORAGE_URL, config.MEDIA_DIR)
      : new LocalMediaStorage(config.MEDIA_DIR);
    storage.minFreeDiskMb = config.MIN_FREE_DISK_MB;
    made.set(config, storage);
  }
  return storage;
}
