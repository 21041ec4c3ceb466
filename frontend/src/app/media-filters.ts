export const MEDIA_FILTERS = ['All', 'Sermons', 'Worship', 'Gallery'] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

/**
 * Which sections a filter shows. Worship shows neither sermons nor the gallery (the church's
 * own rule); it shows the live-stream notice and a word about worship instead.
 */
export function visibleSections(filter: MediaFilter): { sermons: boolean; gallery: boolean; worship: boolean } {
  return {
    sermons: filter === 'All' || filter === 'Sermons',
    gallery: filter === 'All' || filter === 'Gallery',
    worship: filter === 'Worship',
  };
}
