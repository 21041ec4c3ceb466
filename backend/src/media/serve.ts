import path from 'node:path';
import express, { Router } from 'express';
import type { AppContext } from '../context.js';

/**
 * Stored media as files. Names are generated and never reused, so they may be
 * cached for good; anything a browser could run as a page is only downloaded.
 */
export function mediaRoutes(ctx: AppContext): Router {
  const router = Router();
  // `/media` itself is the site's Media page, not a stored file: the page shell answers it.
  if (ctx.config.SERVE_FRONTEND) router.get('/', (_req, _res, next) => next('router'));
  router.use(
    express.static(ctx.config.MEDIA_DIR, {
      // Uploads still arriving live in `.incoming`; dot folders are never served.
      dotfiles: 'ignore',
      index: false,
      redirect: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res, filePath) => {
        res.type(path.extname(filePath));
        res.set('X-Content-Type-Options', 'nosniff');
        if (!isShownInline(res.get('Content-Type') ?? '')) res.attachment();
      },
    }),
  );
  // A missing file is a JSON 404 here, never the site's page shell.
  router.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return router;
}

/** SVG is an image that can carry script, so it is downloaded like any other document. */
function isShownInline(contentType: string): boolean {
  return /^(image|video)\//.test(contentType) && !contentType.startsWith('image/svg');
}
