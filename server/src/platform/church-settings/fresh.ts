import type { RequestHandler } from 'express';
import type { ChurchSettingsStore } from './store.js';

/** Files that show no church details: they need not wait for the check. */
const NO_DETAILS = /^\/(media|assets)\//;

/**
 * Brings the church's details up to date before the request is answered (a database read only after a change).
 * Nearly every request finds them so and goes on in the same turn, without a promise or a copy of the details.
 */
export function freshChurchSettings(church: Pick<ChurchSettingsStore, 'current' | 'upToDate'>): RequestHandler {
  return (req, _res, next) => {
    if (church.upToDate() || NO_DETAILS.test(req.path)) return next();
    church.current().then(
      () => next(),
      (error: unknown) => next(error),
    );
  };
}
