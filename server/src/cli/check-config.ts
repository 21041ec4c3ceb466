import { ConfigError, loadConfig } from '../platform/config.js';

/** `npm start` runs this first, so a wrong setting stops the start before the page build or any service. */
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
