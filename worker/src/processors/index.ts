import type { AppContext } from '@gather/backend/context';
import type { Processors } from '../worker.js';
import { collectionZipProcessor } from './collection-zip.js';
import { emailProcessors } from './email-processors.js';
import { uploadProcessor } from './upload-processing.js';

/** Every job's processor, built once per worker process. */
export function createProcessors(ctx: AppContext): Partial<Processors> {
  return {
    ...emailProcessors(ctx),
    'process-upload': uploadProcessor(ctx),
    'build-collection-zip': collectionZipProcessor(ctx),
  };
}
