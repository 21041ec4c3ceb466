import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { announceProcessedUpload } from './processed-upload.js';
import { CollectionRepository } from './repository.js';
import { sendUploadDigest } from './upload-digest-job.js';
import { collectionZipProcessor } from './zip-job.js';

/** Download-all zips and the office's digest of new uploads. */
export function collectionJobs({ ctx, mail }: JobParts): FeatureJobs {
  return {
    processors: {
      'build-collection-zip': collectionZipProcessor(ctx),
      'send-upload-digest': sendUploadDigest(
        new CollectionRepository(ctx.db),
        mail,
        ctx.config.UPLOAD_DIGEST_SECONDS * 1000,
        ctx.log,
      ),
    },
    uploadAnnouncers: { 'collection-upload': announceProcessedUpload(ctx) },
  };
}
