import { RESUMABLE_UPLOADS_PATH } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { DeviceIds } from '../../platform/http/device.js';
import type { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { ExportRepository } from './export-repository.js';
import { ExportService } from './export-service.js';
import { CollectionRepository } from './repository.js';
import { UnfinishedUploads } from './unfinished-uploads.js';
import { siteSecret } from '../../platform/signed-links.js';
import { ResumableUploads } from './resumable-uploads.js';
import { collectionUploadRules } from './resumable.js';
import { CollectionService } from './service.js';
import { collectionStaffRoutes } from './staff-routes.js';
import { collectionVisitorRoutes } from './visitor-routes.js';

/** Photo collections' calls: guests' uploads from their phones, and the staff's management of them. */
export function collectionRoutes(ctx: AppContext): ApiRouter[] {
  const storage = mediaStorage(ctx.config);
  const service = new CollectionService(
    new CollectionRepository(ctx.db),
    storage,
    ctx.live,
    SpamGuard.of(ctx),
    ctx.config.UPLOAD_DIGEST_SECONDS * 1000,
  );
  const devices = new DeviceIds(ctx.config);
  const resumable = new ResumableUploads(
    storage,
    RESUMABLE_UPLOADS_PATH,
    collectionUploadRules(service, devices),
    new UnfinishedUploads(siteSecret(ctx.config), ctx.config.UNFINISHED_UPLOADS_MB_PER_ADDRESS),
    ctx.log,
  );
  const parts = { service, storage, devices, exports: new ExportService(new ExportRepository(ctx.db)) };
  return [collectionVisitorRoutes(parts, resumable), collectionStaffRoutes(ctx, parts)];
}
