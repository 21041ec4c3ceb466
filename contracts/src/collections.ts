import { z } from 'zod';
import { optionalText, requiredText, spamCheckFields } from './common.js';
import { ANONYMOUS_NAME, switchField, wholeNumberField } from './qna.js';
import { UPLOADER_NAME_MAX } from './collections-values.js';
export * from './collections-values.js';

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
  { uploader_name: optionalText(UPLOADER_NAME_MAX).transform((name) => name || ANONYMOUS_NAME), ...spamCheckFields },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unexpected field: ${issue.keys.join(', ')}. Send only file and uploader_name.`
        : undefined,
  },
);
export type UploadFieldsInput = z.input<typeof uploadFieldsSchema>;
export type UploadFields = z.output<typeof uploadFieldsSchema>;

/** processing until the worker has checked the file and made its web sizes; then ready, or failed with a reason. */
export const UPLOAD_STATUSES = ['processing', 'ready', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Whether visitors may see an upload, apart from its processing status: approved at once unless the
 * collection requires approval, then pending until staff approve or reject it. A rejected upload is
 * kept, hidden, so staff can still change their mind (or delete it).
 */
export const UPLOAD_APPROVALS = ['approved', 'pending', 'rejected'] as const;
export type UploadApproval = (typeof UPLOAD_APPROVALS)[number];

/** Why the worker refused a file, as staff read it beside the upload. */
export const UPLOAD_FAILURES = {
  imageTooLarge: 'The image is too large to process.',
  notAnImage: 'The file is not a valid image.',
  notAVideo: 'The file is not a valid video.',
  unreadableFormat: 'This image format cannot be processed. Please upload a JPEG, PNG or WebP image.',
  heicToolMissing:
    'HEIC photos cannot be processed until heif-convert (the libheif-examples package) is installed on the server. Please upload a JPEG, PNG or WebP image.',
  gaveUp: 'The file could not be processed.',
} as const;

export const collectionUploadSchema = z.object({
  id: z.number().int(),
  /**
   * Media URL of the file once it is ready: by then any location and camera data is gone.
   * Null while it is still processing, and after a failure (the refused file is not kept).
   */
  file: z.string().nullable(),
  file_type: z.enum(UPLOAD_FILE_TYPES),
  mime_type: z.string(),
  original_filename: z.string(),
  uploader_name: z.string(),
  uploaded_at: z.iso.datetime(),
  file_size_mb: z.number(),
  status: z.enum(UPLOAD_STATUSES),
  /** Visitors' lists only ever hold approved uploads; the upload's own answer says whether it waits for staff. */
  approval: z.enum(UPLOAD_APPROVALS),
  /** WebP, about 480 px on the long side; for a video, made from its poster frame. */
  thumbnail: z.string().nullable(),
  /**
   * For an image: WebP for viewing on screen, at most 1920 px on the long side. For a video browsers cannot all
   * play (HEVC, .mov and the like): an H.264/AAC MP4 copy at most 1080p; null when the file itself plays.
   */
  display: z.string().nullable(),
  /** Pixels, upright as the photo is shown. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  /** A still from the video, WebP; null when the server has no video tools. */
  poster: z.string().nullable(),
});
export type CollectionUpload = z.infer<typeof collectionUploadSchema>;

/** The URL a page plays a video upload from: its browser-playable copy when the original needed one. */
export function videoToPlay(upload: Pick<CollectionUpload, 'display' | 'file'>): string | null {
  return upload.display ?? upload.file;
}

/** Staff also see why a file was refused. */
export const staffCollectionUploadSchema = collectionUploadSchema.extend({ failure_reason: z.string().nullable() });
export type StaffCollectionUpload = z.infer<typeof staffCollectionUploadSchema>;
export const staffCollectionUploadListSchema = z.array(staffCollectionUploadSchema);

export const collectionUploadListSchema = z.array(collectionUploadSchema);

/** Staff decide on several waiting uploads at once (the review grid's selection). */
export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_BATCH_MAX = 500;
export const reviewUploadsSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Each id must be an upload id.' })
        .int('Each id must be an upload id.')
        .positive('Each id must be an upload id.')
        .max(2_147_483_647, 'Each id must be an upload id.'),
      'Send a list of upload ids.',
    )
    .min(1, 'Choose at least one upload.')
    .max(REVIEW_BATCH_MAX, `Choose at most ${REVIEW_BATCH_MAX} uploads at a time.`),
  decision: z.enum(REVIEW_DECISIONS, { error: 'Choose approve or reject.' }),
});
export type ReviewUploads = z.infer<typeof reviewUploadsSchema>;
/** The uploads as they are after the decision; ids of other collections or unknown ids are left out. */
export const reviewedUploadsSchema = z.object({ uploads: staffCollectionUploadListSchema });

/** How a guest's own upload is getting on, as their upload page shows it (nothing else of it). */
export const MY_UPLOAD_STATES = ['processing', 'waiting', 'shown', 'not_approved', 'failed'] as const;
export type MyUploadState = (typeof MY_UPLOAD_STATES)[number];
export const myUploadSchema = z.object({
  id: z.number().int(),
  file_type: z.enum(UPLOAD_FILE_TYPES),
  original_filename: z.string(),
  uploaded_at: z.iso.datetime(),
  state: z.enum(MY_UPLOAD_STATES),
  /** Once ready (and not turned down). */
  thumbnail: z.string().nullable(),
});
export type MyUpload = z.infer<typeof myUploadSchema>;
export const myUploadListSchema = z.array(myUploadSchema);
/** The guest's newest uploads to one collection, this many at most. */
export const MY_UPLOADS_MAX = 50;

export const COLLECTION_NAME_MAX = 200;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const MAX_FILE_SIZE_MB = { min: 1, max: 100, default: 50 } as const;

/** What the staff photo collection form sends, on create and on edit alike. */
export const photoCollectionFormSchema = z.object({
  name: requiredText(COLLECTION_NAME_MAX),
  description: optionalText(COLLECTION_DESCRIPTION_MAX),
  allow_videos: switchField(true),
  max_file_size_mb: wholeNumberField({
    min: MAX_FILE_SIZE_MB.min,
    max: MAX_FILE_SIZE_MB.max,
    fallback: MAX_FILE_SIZE_MB.default,
  }),
  is_active: switchField(true),
  requires_approval: switchField(false),
  notify_uploads: switchField(false),
});
export type PhotoCollectionFormInput = z.input<typeof photoCollectionFormSchema>;
export type PhotoCollectionForm = z.output<typeof photoCollectionFormSchema>;

export const photoCollectionSchema = publicCollectionSchema.extend({
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
  upload_count: z.number().int(),
  requires_approval: z.boolean(),
  notify_uploads: z.boolean(),
  /** Uploads waiting for staff to approve or reject them. */
  pending_count: z.number().int(),
});
export type PhotoCollection = z.infer<typeof photoCollectionSchema>;
export const photoCollectionListSchema = z.array(photoCollectionSchema);

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** A download-all zip is kept this long, then removed with its record. */
export const EXPORT_LIFETIME_HOURS = 24;
export const EXPORT_FAILED = 'The zip file could not be made. Please try again.';

/** A download-all zip of a collection's uploads, built in the background. */
export const collectionExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100, as files are added to the zip. */
  progress: z.number().int(),
  file_count: z.number().int().nullable(),
  size_bytes: z.number().int().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type CollectionExport = z.infer<typeof collectionExportSchema>;

/** Download-all holds the approved uploads; staff may ask for those still waiting for approval too. */
export const exportRequestSchema = z
  .object({ include_pending: switchField(false) })
  .default({ include_pending: false });
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const exportStartedSchema = collectionExportSchema.pick({ id: true, status: true, progress: true });
export type ExportStarted = z.infer<typeof exportStartedSchema>;
