import type { Sermon, SermonSeries } from '@gather/contracts';

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

export interface SeriesGroup {
  series: SermonSeries;
  sermons: Sermon[];
}

/**
 * Sermons in a series gather under it, in the order their newest sermon comes; the others stay a plain list,
 * newest first as before.
 */
export function groupBySeries(sermons: Sermon[]): { groups: SeriesGroup[]; single: Sermon[] } {
  const groups = new Map<number, SeriesGroup>();
  const single: Sermon[] = [];
  for (const sermon of sermons) {
    if (!sermon.series) {
      single.push(sermon);
      continue;
    }
    const group = groups.get(sermon.series.id) ?? { series: sermon.series, sermons: [] };
    group.sermons.push(sermon);
    groups.set(sermon.series.id, group);
  }
  return { groups: [...groups.values()], single };
}

/** A recording's length as a listener reads it: "42 min", or "1 h 5 min"; under a minute, "1 min". */
export function listeningTime(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
