import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express, { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.js';
import { signedInStaff } from '../http/guards.js';
import { LocalMediaStorage } from './local-storage.js';
import { NO_HOLD, type MediaHold } from './media-hold.js';
import { mediaStorage } from './media-store.js';
import { S3MediaStorage } from './s3-storage.js';
import { MissingMedia } from './storage.js';

const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';
/** A file staff may yet hide: kept by browsers and proxies, but asked about again each time it is shown. */
const CACHE_WHILE_SHOWN = 'public, no-cache';
/** A hidden file, shown to signed-in staff only: nobody keeps it. */
const CACHE_NEVER = 'private, no-store';

/**
 * Stored media as files. Names are generated and never reused, so they may be cached for good, except
 * the files staff may still hide (see MediaHold): a hidden one answers 404 to everyone but staff.
 * Anything a browser could run as a page is only downloaded.
 * Range requests are answered (206), which audio players and podcast apps need to seek and resume.
 */
export function mediaRoutes(ctx: AppContext, hold: MediaHold = NO_HOLD): Router {
  const router = Router();
  // `/media` itself is the site's Media page, not a stored file: the page shell answers it.
  if (ctx.config.SERVE_FRONTEND) router.get('/', (_req, _res, next) => next('router'));
  router.use(heldBack(hold));
  const storage = mediaStorage(ctx.config);
  if (storage instanceof LocalMediaStorage) router.use(fromFolder(storage.root));
  if (storage instanceof S3MediaStorage) router.get('/*file', fromStore(storage, ctx.config.MEDIA_SIGNED_URLS));
  // A missing file is a JSON 404 here, never the site's page shell.
  router.use((_req, res) => notFound(res));
  return router;
}

/** Answers 404 for a hidden file (but to staff), and chooses how long what is served may be kept. */
function heldBack(hold: MediaHold) {
  return async (req: Request, res: Response, next: (route?: 'router') => void) => {
    const file = storedPath(req.path);
    res.locals.mediaCache = CACHE_FOR_GOOD;
    if (file === undefined || !hold.mayHide(file)) return next();
    res.locals.mediaCache = CACHE_WHILE_SHOWN;
    if (!(await hold.isHidden(file))) return next();
    if (!(await signedInStaff(req, ['live']))) return notFound(res);
    res.locals.mediaCache = CACHE_NEVER;
    next();
  };
}

/** The path as the folder and the store resolve it (decoded, `//` and `./` folded); undefined when it is not one. */
function storedPath(requestPath: string): string | undefined {
  try {
    return path.posix.normalize(decodeURIComponent(requestPath)).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
}

function notFound(res: Response): void {
  res.status(404).json({ detail: 'Not found.' });
}

function fromFolder(root: string) {
  return express.static(root, {
    // Uploads still arriving live in `.incoming`; dot folders are never served.
    dotfiles: 'ignore',
    index: false,
    redirect: false,
    // Set per file in setHeaders, which express.static's own Cache-Control then leaves alone.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      safeHeaders(res, filePath);
      res.set('Cache-Control', (res as Response).locals.mediaCache as string);
    },
  });
}

/**
 * Streams from the object store with the headers the folder gives (Range included: the store reads the header
 * itself), or sends the browser to a short-lived signed address when MEDIA_SIGNED_URLS is on.
 */
function fromStore(storage: S3MediaStorage, signed: boolean) {
  return async (req: Request, res: Response, next: () => void) => {
    const parts = (req.params as { file: string[] }).file;
    // As the folder: dot names (uploads arriving, originals awaiting the worker, zips) are never served.
    if (parts.some((part) => part.startsWith('.') || part === '' || /[\\/]/.test(part))) return next();
    const file = parts.join('/');
    try {
      if (signed) {
        if ((await storage.size(file)) === undefined) return next();
        safeHeaders(res, file);
        const disposition = res.get('Content-Disposition');
        const url = await storage.signedUrl(file, { contentType: res.get('Content-Type')!, disposition });
        res.removeHeader('Content-Disposition');
        res.set('Cache-Control', 'private, no-store').redirect(302, url);
        return;
      }
      const range = req.headers.range?.startsWith('bytes=') ? req.headers.range : undefined;
      const stored = await storage.get(file, range);
      safeHeaders(res, file);
      res.status(stored.status).set({
        'Cache-Control': res.locals.mediaCache as string,
        'Accept-Ranges': 'bytes',
        'Content-Length': String(stored.length),
        ...(stored.contentRange && { 'Content-Range': stored.contentRange }),
      });
      if (req.method === 'HEAD') {
        stored.body.destroy();
        res.end();
        return;
      }
      // A browser that goes away midway (a video skipped) ends the stream; nothing more can be said to it.
      await pipeline(stored.body, res).catch(() => undefined);
    } catch (error) {
      if (error instanceof MissingMedia) return next();
      if (isUnsatisfiableRange(error)) {
        const size = await storage.size(file);
        res
          .status(416)
          .set('Content-Range', `bytes */${size ?? 0}`)
          .end();
        return;
      }
      throw error;
    }
  };
}

function safeHeaders(res: Response, filePath: string): void {
  res.type(path.extname(filePath) || 'application/octet-stream');
  res.set('X-Content-Type-Options', 'nosniff');
  if (!isShownInline(res.get('Content-Type') ?? '')) res.attachment();
}

function isUnsatisfiableRange(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416;
}

/** SVG is an image that can carry script, so it is downloaded like any other document. */
function isShownInline(contentType: string): boolean {
  return /^(image|video|audio)\//.test(contentType) && !contentType.startsWith('image/svg');
}
