import type { RequestHandler } from 'express';
import type { ChurchSettingsStore } from './store.js';

/** Files that show no church details: they need not wait for the check. */
const NO_DETAILS = /^\/(media|assets)\//;

/** Brings the church's details up to date before the request is answered (one Redis read, no database read). */
export function freshChurchSettings(church: Pick<ChurchSettingsStore, 'current'>): RequestHandler {
  return (req, _res, next) => {
    if (NO_DETAILS.test(req.path)) return next();
    church.current().then(
      () => next(),
      (error: unknown) => next(error),
    );
  };
}
