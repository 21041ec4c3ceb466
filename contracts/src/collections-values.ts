/** The words, limits and helpers of photo collections that pages show, apart from the schemas: no zod here, so pages load none. */

export const UPLOADER_NAME_MAX = 100;

/**
 * Where the upload page sends files with the tus protocol, so a dropped connection resumes; the tus
 * `Upload-Metadata` names `collection_id`, `filename`, `filetype` and the form's fields (uploader_name, ...).
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/resumable/';
