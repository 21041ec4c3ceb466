import { statSync } from 'node:fs';
import { HEARTBEAT_EVERY_MS, HEARTBEAT_FILE } from '../platform/jobs/heartbeat.js';

/**
 * The worker container's health check: healthy while `npm run worker` keeps its heartbeat fresh
 * (its workers running and Redis reachable); a few missed beats make it unhealthy.
 */
const beat = statSync(HEARTBEAT_FILE, { throwIfNoEntry: false });
process.exit(beat && Date.now() - beat.mtimeMs < 3 * HEARTBEAT_EVERY_MS ? 0 : 1);
