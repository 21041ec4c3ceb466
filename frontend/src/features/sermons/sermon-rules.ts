import type { Sermon, SermonSeries } from '@gather/contracts';

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
