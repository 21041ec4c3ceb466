import type { AppContext } from '../../platform/context.js';
import { isShown, toCollectionUpload, toStaffCollectionUpload } from './answers.js';
import { CollectionLive } from './live.js';
import { CollectionRepository } from './repository.js';

/**
 * The worker's process-upload finished with a guest's upload: staff pages open on the collection show the
 * outcome (thumbnail, or why it failed) without reloading. A failure to push is logged, never thrown.
 */
export function announceProcessedUpload(ctx: AppContext): (id: number) => Promise<void> {
  const collections = new CollectionRepository(ctx.db);
  const live = new CollectionLive(ctx.live);
  return async (id) => {
    try {
      const upload = await collections.upload(id);
      if (!upload) return;
      live.uploadProcessed(upload.collectionId, toStaffCollectionUpload(upload));
      // Slideshows show it now, unless it still waits for staff (their approval pushes it then).
      if (isShown(upload)) live.uploadShown(upload.collectionId, toCollectionUpload(upload));
    } catch (error) {
      ctx.log.warn({ err: error, id }, 'processed upload not pushed');
    }
  };
}
