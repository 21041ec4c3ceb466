import type { FieldErrors } from '@gather/contracts';
import { ZodError } from 'zod';

/** The one error type services throw; the API's error handler (server/src/platform/http/error-handler.ts) turns it into HTTP. */
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

// PostgreSQL's codes for "not now": connection exceptions (class 08), server shutting down or starting up
// (57P01-57P03), a statement cancelled by statement_timeout (57014) and too many connections (53300).
const UNAVAILABLE_CODES = /^(08...|57P0[123]|57014|53300)$/;
// The network's codes for a server that is not there (any more).
// A stopped container's name stops resolving (ENOTFOUND), and a DNS server that is itself away says EAI_AGAIN.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg and pg-pool report a lost, refused or timed-out connection only in words.
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
]);

/**
 * Whether `error` (or what caused it: Drizzle wraps the driver's error) says the database cannot be reached
 * right now, rather than that a request or the code is wrong: restarts, crashes, freezes and timeouts.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.has(cause.message)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = 'The site is briefly unavailable. Please try again in a moment.';
