import type { AppContext } from '@gather/core/context';
import type { Processors } from '../worker.js';
import { collectionZipProcessor } from './collection-zip.js';
import { emailProcessors } from './email-processors.js';
import { uploadProcessor } from './upload-processing.js';

/** Every job's processor, built once per worker process; `stopping` is aborted when it stops. */
export function createProcessors(ctx: AppContext, stopping: AbortSignal): Partial<Processors> {
  return {
    ...emailProcessors(ctx, stopping),
    'process-upload': uploadProcessor(ctx),
    'build-collection-zip': collectionZipProcessor(ctx),
  };
}
