/** What the server's compositions use of guest uploads besides their routes. */
export { collectionRooms } from './live.js';
export { announceProcessedUpload } from './processed-upload.js';
export { collectionZipProcessor } from './zip-job.js';
