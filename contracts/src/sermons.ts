import { z } from 'zod';
import { optionalText, REQUIRED, requiredText } from './common.js';
import { imageUrl, optionalWebLink, webAddress } from './content-fields.js';

export const sermonSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Shown once the worker has made its cleaned copy. */
  artwork: imageUrl,
});
export type SermonSeries = z.infer<typeof sermonSeriesSchema>;
export const sermonSeriesListSchema = z.array(sermonSeriesSchema);

export const sermonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  speaker: z.string(),
  date: z.iso.date(),
  description: z.string(),
  thumbnail: imageUrl,
  video_url: z.string().nullable(),
  series: sermonSeriesSchema.nullable(),
  /** The recording (MP3 or M4A) under /media/, or null; size in bytes, duration as ffprobe read it. */
  audio_url: z.string().nullable(),
  audio_type: z.string().nullable(),
  audio_size: z.number().int().nullable(),
  audio_duration_seconds: z.number().nullable(),
});
export type Sermon = z.infer<typeof sermonSchema>;
export const sermonListSchema = z.array(sermonSchema);

export const LATEST_SERMONS_DEFAULT = 7;
export const LATEST_SERMONS_MAX = 50;

export const latestSermonsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(LATEST_SERMONS_MAX, `Ensure this value is less than or equal to ${LATEST_SERMONS_MAX}.`)
    .default(LATEST_SERMONS_DEFAULT),
});
export type LatestSermonsQuery = z.infer<typeof latestSermonsQuerySchema>;

// Staff requests: sermons and their series.

/** A stored media file as answers give it; every segment starts with a letter, digit, _ or -, so no `..`. */
const MEDIA_PATH = /^\/media\/[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;
const webAddressOrMediaPath = z
  .string()
  .refine(
    (value) => MEDIA_PATH.test(value) || webAddress.safeParse(value).success,
    'Enter a valid URL starting with http:// or https://, or a /media/ path.',
  );

export const UNKNOWN_SERIES = 'Select an existing series.';

export const sermonRequestSchema = z.object({
  title: requiredText(200),
  speaker: requiredText(120),
  date: z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? REQUIRED
        : 'Enter a real date as YYYY-MM-DD.',
  }),
  description: optionalText(5000),
  /** Usually a YouTube link, but any web address is kept as given. */
  video_url: optionalWebLink(webAddress),
  thumbnail: optionalWebLink(webAddressOrMediaPath),
  /** Left out, the sermon keeps its series; null takes it out of one. */
  series_id: z
    .number({ error: UNKNOWN_SERIES })
    .int(UNKNOWN_SERIES)
    .min(1, UNKNOWN_SERIES)
    .max(2_147_483_647, UNKNOWN_SERIES)
    .nullable()
    .optional(),
});
export type SermonRequest = z.infer<typeof sermonRequestSchema>;

export const SERMON_SERIES_LIMITS = { title: 200, description: 2000 } as const;
/** Sent as multipart with an optional `artwork` image; without a new image the old one stays. */
export const sermonSeriesFormSchema = z.object({
  title: requiredText(SERMON_SERIES_LIMITS.title),
  description: optionalText(SERMON_SERIES_LIMITS.description),
});
export type SermonSeriesFormInput = z.input<typeof sermonSeriesFormSchema>;
export type SermonSeriesForm = z.output<typeof sermonSeriesFormSchema>;

/** An hour-long sermon is 60 to 120 MB as a podcast MP3 or M4A; this leaves room for a long service. */
export const SERMON_AUDIO_MAX_MB = 200;
export const NOT_SERMON_AUDIO = 'Upload an MP3 or M4A audio file.';
