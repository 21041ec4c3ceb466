import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const photoCollections = pgTable(
  'photo_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    allowVideos: boolean('allow_videos').notNull().default(true),
    maxFileSizeMb: integer('max_file_size_mb').notNull().default(50),
    isActive: boolean('is_active').notNull().default(true),
    /** New uploads wait as pending until staff approve them; turning it off leaves those waiting as they are. */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Staff get a digest of new uploads by e-mail, at most once an interval (UPLOAD_DIGEST_SECONDS). */
    notifyUploads: boolean('notify_uploads').notNull().default(false),
    /** When the digest already queued will be sent; null while none is queued. */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    /** The newest upload the last digest counted: the next counts those after it. */
    digestCountedId: integer('digest_counted_id').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('photo_collections_max_file_size_range', sql`${table.maxFileSizeMb} between 1 and 100`)],
);

export const collectionUploads = pgTable(
  'collection_uploads',
  {
    id: serial('id').primaryKey(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => photoCollections.id, { onDelete: 'cascade' }),
    /** Path under the media directory; the name is generated, never the visitor's. */
    file: text('file').notNull(),
    fileType: text('file_type').notNull(),
    mimeType: text('mime_type').notNull(),
    originalFilename: text('original_filename').notNull().default(''),
    uploaderName: text('uploader_name').notNull().default('Anonymous'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** processing until the worker has checked it and made its sizes; then ready, or failed with a reason. */
    status: text('status').notNull().default('processing'),
    thumbnail: text('thumbnail'),
    display: text('display'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: numeric('duration_seconds', { precision: 10, scale: 2 }),
    poster: text('poster'),
    failureReason: text('failure_reason'),
    /** approved (shown to visitors once ready), pending (waiting for staff) or rejected (hidden, kept). */
    approval: text('approval').notNull().default('approved'),
    /** The uploading browser's device id (see DeviceIds), so its guest can see how their uploads are getting on. */
    deviceId: text('device_id'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('collection_uploads_collection_idx').on(table.collectionId, table.uploadedAt),
    index('collection_uploads_device_idx').on(table.collectionId, table.deviceId),
  ],
);

/** A download-all request: the worker streams the collection into one zip. */
export const collectionExports = pgTable('collection_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  collectionId: uuid('collection_id')
    .notNull()
    .references(() => photoCollections.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  file: text('file'),
  fileCount: integer('file_count'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  failureReason: text('failure_reason'),
  requestedBy: text('requested_by').notNull().default(''),
  /** Staff asked for uploads still waiting for approval as well as the approved ones. */
  includePending: boolean('include_pending').notNull().default(false),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
