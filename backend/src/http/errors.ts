import type { ErrorRequestHandler } from 'express';
import type { FieldErrors } from '@gather/contracts';
import { ZodError } from 'zod';

/** The one error type services throw; the handler below turns it into HTTP. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: { detail: string } | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : 'Invalid input.');
  }

  static notFound(): AppError {
    return new AppError(404, { detail: 'Not found.' });
  }

  static badRequest(detail: string): AppError {
    return new AppError(400, { detail });
  }

  static invalid(errors: FieldErrors): AppError {
    return new AppError(400, errors);
  }

  static tooLarge(detail: string): AppError {
    return new AppError(413, { detail });
  }
}

/** Zod issues as `{"field": ["message", ...]}`; form-wide problems go under `non_field_errors`. */
export function fieldErrorsFrom(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  // A stream that fails after its headers went out (a dropped CSV download) cannot become a JSON error.
  if (res.headersSent) return next(error);
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
