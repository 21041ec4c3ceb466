/** What the API and worker compositions use of guest uploads. */
export { announceProcessedUpload } from './processed-upload.js';
export { collectionZipProcessor } from './zip-job.js';
