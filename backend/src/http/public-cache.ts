import type { Request, Response } from 'express';
import type { CachedAnswer, PublicCache } from '@gather/core/cache/public-cache';

/** The app's cache of public lists, made once per app in createApp (none in apps built without it). */
export const publicCacheOf = (req: Request): PublicCache | undefined =>
  req.app.locals.publicCache as PublicCache | undefined;

/**
 * Sends a kept answer (a list's JSON, a drawn page's HTML) with its strong ETag, gzipped once per change for the
 * browsers that take it; the compression middleware leaves an encoded body alone. Express answers 304 itself
 * when the browser's If-None-Match is this ETag.
 */
export function sendKept(req: Request, res: Response, kept: CachedAnswer, contentType: string): void {
  res.set({ ETag: kept.etag, 'Cache-Control': 'no-cache', 'Content-Type': contentType });
  res.vary('Accept-Encoding');
  const gzipped = kept.gzipped && req.acceptsEncodings('gzip', 'identity') === 'gzip';
  if (gzipped) res.set('Content-Encoding', 'gzip');
  res.send(gzipped ? kept.gzipped : kept.body);
}
