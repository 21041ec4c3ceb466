import type { ChurchSettingsStore } from './church-settings/store.js';
import type { Config } from './config.js';

/**
 * The church's name, read in this one place: as Settings saved it where the store is at hand, else the settings
 * file's (the first run's staff account, the command line, which start before anyone could save it).
 */
export function churchName(from: Pick<Config, 'CHURCH_NAME'> | Pick<ChurchSettingsStore, 'latest'>): string {
  return 'latest' in from ? from.latest.church_name : from.CHURCH_NAME;
}
