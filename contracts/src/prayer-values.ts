/** The words and limits of prayer requests that pages show, apart from the schemas: no zod here. */

/** Who may see a request: the pastoral team only (the default), the wall under the first name, or the wall unnamed. */
export const PRAYER_VISIBILITIES = ['pastoral', 'wall', 'wall_anonymous'] as const;
export type PrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];

/**
 * Where a request stands: new (waiting for the pastoral team), on the wall (approved), followed up, archived
 * (by staff or by age; it has left the wall).
 */
export const PRAYER_STATUSES = ['new', 'on_wall', 'followed_up', 'archived'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];

export const PRAYER_TEXT_MAX = 2000;
export const PRAYER_WALL_PAGE_SIZE = 20;

/** Who reads a request, for each choice, in the page's own words. */
export const PRAYER_AUDIENCES: Record<PrayerVisibility, { label: string; reader: string }> = {
  pastoral: {
    label: 'The pastoral team only',
    reader: 'Only our pastoral team will read your request. It is never shown on the website.',
  },
  wall: {
    label: 'Share it on the prayer wall with my first name',
    reader:
      'Our pastoral team reads it first; once they approve it, anyone visiting the prayer wall can read it with your first name.',
  },
  wall_anonymous: {
    label: 'Share it on the prayer wall without my name',
    reader:
      'Our pastoral team reads it first; once they approve it, anyone visiting the prayer wall can read it, with no name.',
  },
};

export const PRAYER_THANKS =
  'Thank you. Your prayer request has reached our pastoral team, and we are praying with you.';
