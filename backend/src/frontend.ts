import express, { Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built React app; every unknown page path gets index.html so the router can take it.
 * Hashed assets never change, so browsers keep them; index.html is always asked for again so a
 * new release is picked up at the next visit.
 */
export function frontendRoutes(distDir: string): Router {
  const router = Router();
  if (!existsSync(path.join(distDir, 'index.html'))) return router;
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y' }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*page}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(distDir, 'index.html'));
  });
  return router;
}
