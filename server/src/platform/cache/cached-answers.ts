import type { Request, RequestHandler, Response } from 'express';
import type { CachedAnswer, PublicCache } from './public-cache.js';

/** The app's cache of public lists, made once per app in createApp (none in apps built without it). */
export const publicCacheOf = (req: Request): PublicCache | undefined =>
  req.app.locals.publicCache as PublicCache | undefined;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached answer (a list's JSON, a drawn page's HTML) with its strong ETag, gzipped once per change for the
 * browsers that take it; the compression middleware leaves an encoded body alone. Express answers 304 itself
 * when the browser's If-None-Match is this ETag.
 */
export function sendCached(req: Request, res: Response, cached: CachedAnswer, contentType: string): void {
  res.set({ ETag: cached.etag, 'Cache-Control': 'no-cache', 'Content-Type': contentType });
  res.vary('Accept-Encoding');
  const gzipped = cached.gzipped && req.acceptsEncodings('gzip', 'identity') === 'gzip';
  if (gzipped) res.set('Content-Encoding', 'gzip');
  res.send(gzipped ? cached.gzipped : cached.body);
}

/** Visitors choose query strings: past this many addresses the list starts again rather than grow. */
const MAX_URLS = 500;

/**
 * Which cached list each address asked for was answered from, so the next request for the same address is
 * answered before cookies, bodies and some thirty routers are looked at: for a short list those cost more than
 * the answer. An address always checks to the same query, so this never goes stale; the answer it points to
 * does, and is then read again by the endpoint.
 */
export class CachedAnswers {
  private readonly urls = new Map<string, { key: string; route: string }>();

  constructor(private readonly cache: PublicCache) {}

  /** The endpoint at `route` answered `url` from the list kept under `key`. */
  answered(url: string, key: string, route: string): void {
    if (this.urls.size >= MAX_URLS) this.urls.clear();
    this.urls.set(url, { key, route });
  }

  readonly serve: RequestHandler = (req, res, next) => {
    const known = req.method === 'GET' ? this.urls.get(req.originalUrl) : undefined;
    const cached = known && this.cache.peek(known.key);
    if (!known || !cached) return next();
    res.locals.route = known.route;
    sendCached(req, res, cached, JSON_TYPE);
  };
}

export const cachedAnswersOf = (req: Request): CachedAnswers | undefined =>
  req.app.locals.cachedAnswers as CachedAnswers | undefined;
