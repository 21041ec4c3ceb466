import type { Request, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import { ZodError } from 'zod';
import { AppError, fieldErrorsFrom } from '../errors.js';
import { nulCharacterErrors } from './nul-characters.js';
import type { PublicCache } from '../cache/public-cache.js';
import { parseOrThrow, parseParams, publicCacheKey, type PublicRead } from './endpoint.js';

/** An API answer as a page's query would have read it over HTTP. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Read from the public cache: the same for every visitor until staff change something. */
  cached?: boolean;
  /** Read from a live public read (EndpointSpec.live): the same for every visitor for a moment. */
  live?: boolean;
}

/**
 * Answers the visitors' GET endpoints inside the process, for the server drawing a page: the same
 * schemas and service calls as over HTTP, and the same JSON, without a request going through the
 * whole middleware stack to the process itself. It answers as for any visitor without cookies: what
 * a handler would set on the answer (a new device cookie) is dropped, as a page's data is the same
 * for everyone. Lists kept in the public cache are read from it, as a visitor's browser would get them.
 */
export class InProcessReads {
  private readonly reads: Array<PublicRead & { matches: MatchFunction<Record<string, string>> }>;

  constructor(
    reads: PublicRead[],
    private readonly cache?: PublicCache,
  ) {
    this.reads = reads.map((read) => ({ ...read, matches: match(read.spec.path, { decode: decodeURIComponent }) }));
  }

  /** `path` as a page asks for it (`/api/events/upcoming/`, `/api/sermons/latest/?limit=3`). */
  async get(path: string): Promise<ApiAnswer> {
    const url = new URL(path, 'http://in-process');
    const query = Object.fromEntries(url.searchParams);
    for (const read of this.reads) {
      const found = read.matches(url.pathname);
      if (found) {
        const answer = await answerOf(() => this.call(read, url.pathname, found.params, query));
        return { ...answer, cached: Boolean(read.spec.cached && this.cache), live: Boolean(read.spec.live) };
      }
    }
    return { status: 404, body: { detail: 'Not found.' } };
  }

  private async call(
    read: PublicRead,
    pathname: string,
    rawParams: Record<string, string>,
    rawQuery: Record<string, string>,
  ) {
    const refused = nulCharacterErrors(rawQuery);
    if (Object.keys(refused).length) throw AppError.invalid(refused);
    const params = parseParams(read.spec.params, rawParams);
    const query = parseOrThrow(read.spec.query, rawQuery);
    const load = () => read.handler({ params, query, body: undefined, req: visitor(rawParams, rawQuery), res: unsent });
    if (read.spec.cached && this.cache) {
      const cached = await this.cache.get(publicCacheKey(pathname, query), load);
      return JSON.parse(cached.body) as unknown;
    }
    const answer = await load();
    // Through JSON, as over HTTP: dates become strings and undefined fields go, so the page hydrates the same.
    return answer === undefined ? undefined : (JSON.parse(JSON.stringify(answer)) as unknown);
  }
}

async function answerOf(call: () => Promise<unknown>): Promise<ApiAnswer> {
  try {
    return { status: 200, body: await call() };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, body: error.body };
    if (error instanceof ZodError) return { status: 400, body: fieldErrorsFrom(error) };
    throw error;
  }
}

/** A visitor without cookies, as the handlers of visitors' reads see one. */
function visitor(params: Record<string, string>, query: Record<string, string>): Request {
  return { params, query, cookies: {}, headers: {} } as unknown as Request;
}

/** Nothing a handler sets on its answer leaves the process. */
const unsent = {
  locals: {},
  cookie: () => unsent,
  setHeader: () => unsent,
  set: () => unsent,
} as unknown as Response;
