import { z } from 'zod';
import { integerId } from './common.js';

export const EVENT_TYPES = [
  'conference',
  'outreach',
  'youth',
  'worship',
  'community',
  'training',
  'fellowship',
  'fundraising',
  'missions',
  'special',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const LINK_TYPES = [
  'learn_more',
  'sign_up',
  'register',
  'buy_tickets',
  'donate',
  'join',
  'rsvp',
  'watch_live',
  'external_link',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const DEFAULT_BUTTON_TEXT = 'Learn More';

/** What an event's button says when staff left its text empty. */
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  learn_more: DEFAULT_BUTTON_TEXT,
  sign_up: 'Sign Up',
  register: 'Register',
  buy_tickets: 'Buy Tickets',
  donate: 'Donate',
  join: 'Join Us',
  rsvp: 'RSVP',
  watch_live: 'Watch Live',
  external_link: 'Visit Website',
};

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A media file's URL path (`/media/...`) or an absolute URL; null when there is none. */
const imageUrl = z.string().nullable();

export const sermonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  speaker: z.string(),
  date: z.iso.date(),
  description: z.string(),
  thumbnail: imageUrl,
  video_url: z.string().nullable(),
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

export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.iso.datetime({ offset: true }),
  end_date: z.iso.datetime({ offset: true }).nullable(),
  /** Start time in the church's time zone, e.g. "7:00 PM". */
  time: z.string(),
  /** e.g. "Sunday, 6 December 2026, 7:00 PM", in the church's time zone. */
  formatted_time: z.string(),
  location: z.string(),
  venue_address: z.string().nullable(),
  event_type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  is_featured: z.boolean(),
  is_special: z.boolean(),
  event_link: z.string().nullable(),
  link_type: z.enum(LINK_TYPES),
  button_text: z.string(),
  organizer: z.string().nullable(),
  contact_email: z.string().nullable(),
  capacity: z.number().int().nullable(),
  /** Two decimals, e.g. "10.00"; null for a free event. */
  price: z.string().nullable(),
  image: imageUrl,
});
export type ChurchEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.array(eventSchema);

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  day: z.string(),
  time: z.string(),
  description: z.string(),
  zoom_link: z.string().nullable(),
  is_active: z.boolean(),
});
export type WeeklyService = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover_image: imageUrl,
  is_featured: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** The album's oldest photo, which opens first in the viewer. */
  first_photo: z.object({ id: z.number().int(), image: z.string() }).nullable(),
  photo_count: z.number().int(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumListSchema = z.array(albumSchema);

export const albumPhotoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  original_filename: z.string(),
  uploader_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type AlbumPhoto = z.infer<typeof albumPhotoSchema>;
export const albumPhotoListSchema = z.array(albumPhotoSchema);

export const albumPhotosParamsSchema = z.object({ albumId: integerId });

export const homepageContentSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  heroCta: z.string(),
  welcomeTitle: z.string(),
  welcomeMessage: z.string(),
});
export type HomepageContent = z.infer<typeof homepageContentSchema>;
