import type { AppContext } from '../platform/context.js';
import type { Processors } from '../platform/jobs/workers.js';
import { announceProcessedUpload, collectionZipProcessor } from '../features/collections/index.js';
import { emailProcessors } from './mail-processors.js';
import { uploadProcessor } from '../platform/media/processing/processing-job.js';

/** Every job's processor, built once per worker process; `stopping` is aborted when it stops. */
export function createProcessors(ctx: AppContext, stopping: AbortSignal): Partial<Processors> {
  return {
    ...emailProcessors(ctx, stopping),
    'process-upload': uploadProcessor(ctx, { 'collection-upload': announceProcessedUpload(ctx) }),
    'build-collection-zip': collectionZipProcessor(ctx),
  };
}
