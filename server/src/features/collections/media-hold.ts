import type { AppContext } from '../../platform/context.js';
import type { MediaHold } from '../../platform/media/media-hold.js';
import { CollectionRepository } from './repository.js';

/** collections/{collection id}/…: see collectionFolder. */
const COLLECTION_FILE = /^collections\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/** A guest's upload (and each size made of it) is hidden from visitors once staff reject it. */
export function collectionMediaHold(ctx: AppContext): MediaHold {
  const collections = new CollectionRepository(ctx.db);
  return {
    mayHide: (file) => file.startsWith('collections/'),
    isHidden: async (file) => {
      const collectionId = COLLECTION_FILE.exec(file)?.[1];
      return collectionId !== undefined && (await collections.isRejectedFile(collectionId, file));
    },
  };
}
