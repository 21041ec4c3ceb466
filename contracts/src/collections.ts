import { z } from 'zod';
import { optionalText } from './common.js';
import { ANONYMOUS_NAME } from './qna.js';

export const UPLOADER_NAME_MAX = 100;
export const ORIGINAL_FILENAME_MAX = 255;
export const UPLOAD_FILE_TYPES = ['image', 'video'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

export const publicCollectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  allow_videos: z.boolean(),
  max_file_size_mb: z.number().int(),
});
export type PublicCollection = z.infer<typeof publicCollectionSchema>;

/** The text fields sent next to the file; anything else in the form is a mistake worth reporting. */
export const uploadFieldsSchema = z.strictObject(
  { uploader_name: optionalText(UPLOADER_NAME_MAX).transform((name) => name || ANONYMOUS_NAME) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unexpected field: ${issue.keys.join(', ')}. Send only file and uploader_name.`
        : undefined,
  },
);
export type UploadFieldsInput = z.input<typeof uploadFieldsSchema>;
export type UploadFields = z.output<typeof uploadFieldsSchema>;

export const collectionUploadSchema = z.object({
  id: z.number().int(),
  /** Media URL path of the stored file. */
  file: z.string(),
  file_type: z.enum(UPLOAD_FILE_TYPES),
  mime_type: z.string(),
  original_filename: z.string(),
  uploader_name: z.string(),
  uploaded_at: z.iso.datetime(),
  file_size_mb: z.number(),
});
export type CollectionUpload = z.infer<typeof collectionUploadSchema>;

export const collectionUploadListSchema = z.array(collectionUploadSchema);
