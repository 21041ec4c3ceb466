import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, DATABASE_UNAVAILABLE, fieldErrorsFrom, isDatabaseUnavailable } from '../errors.js';

/** Seconds a client is asked to wait while the database restarts or recovers: a fast restart takes a few. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  // A stream that fails after its headers went out (a dropped CSV download) cannot become a JSON error.
  if (res.headersSent) return next(error);
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable; answered 503');
    res.set('Retry-After', DATABASE_RETRY_AFTER_SECONDS).status(503).json({ detail: DATABASE_UNAVAILABLE });
    return;
  }
  if (error instanceof AppError) {
    res.set(error.headers).status(error.status).json(error.body);
    return;
  }
  if (error instanceof ZodError) {
    res.status(400).json(fieldErrorsFrom(error));
    return;
  }
  // body-parser and multer report client mistakes with a status or a code; they are never a 500.
  const status = typeof error?.status === 'number' ? error.status : undefined;
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json({ detail: 'Malformed JSON in the request body.' });
    return;
  }
  if (error?.type === 'entity.too.large' || status === 413) {
    res.status(413).json({ detail: 'The request body is too large.' });
    return;
  }
  if (status !== undefined && status >= 400 && status < 500) {
    res.status(status).json({ detail: error.expose && error.message ? error.message : 'Bad request.' });
    return;
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
};
