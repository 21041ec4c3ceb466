import { bigint, date, integer, numeric, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** A series of sermons (e.g. a book of the Bible preached through), with artwork cleaned by the worker. */
export const sermonSeries = pgTable('sermon_series', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  artwork: text('artwork'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sermons = pgTable('sermons', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  speaker: text('speaker').notNull().default(''),
  date: date('date').notNull(),
  description: text('description').notNull().default(''),
  thumbnail: text('thumbnail'),
  videoUrl: text('video_url'),
  /** Deleting a series keeps its sermons, unlinked. */
  seriesId: integer('series_id').references(() => sermonSeries.id, { onDelete: 'set null' }),
  /** The recording, under the media folder, with what the podcast feed's enclosure states. */
  audioFile: text('audio_file'),
  audioMimeType: text('audio_mime_type'),
  audioSize: bigint('audio_size', { mode: 'number' }),
  audioDurationSeconds: numeric('audio_duration_seconds', { precision: 10, scale: 2 }),
  /** The podcast episode's GUID: made once, so podcast apps never see an edited sermon as a new episode. */
  podcastGuid: uuid('podcast_guid').notNull().defaultRandom(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
