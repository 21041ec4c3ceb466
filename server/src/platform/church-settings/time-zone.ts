import type { ChurchSettingsStore } from './store.js';

/** The church's time zone as Settings last saved it, read at each use: a saved change applies at once. */
export type TimeZone = () => string;

export const churchTimeZone =
  (church: Pick<ChurchSettingsStore, 'latest'>): TimeZone =>
  () =>
    church.latest.time_zone;
