import type { Config } from './config.js';

/** The church's name, read in this one place so it can move from the settings file to the console's settings. */
export function churchName(config: Pick<Config, 'CHURCH_NAME'>): string {
  return config.CHURCH_NAME;
}
