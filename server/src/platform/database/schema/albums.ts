import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const albums = pgTable('albums', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  coverImage: text('cover_image'),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const albumImages = pgTable(
  'album_images',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    originalFilename: text('original_filename').notNull().default(''),
    uploaderName: text('uploader_name').notNull().default(''),
    /** processing until the worker has checked it and made its sizes; then ready, or failed with a reason. */
    status: text('status').notNull().default('processing'),
    thumbnail: text('thumbnail'),
    display: text('display'),
    width: integer('width'),
    height: integer('height'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (table) => [index('album_images_album_idx').on(table.albumId, table.createdAt)],
);
