import express, { Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

/** Serves the built React app; every unknown page path gets index.html so the router can take it. */
export function frontendRoutes(): Router {
  const router = Router();
  if (!existsSync(path.join(distDir, 'index.html'))) return router;
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*page}', (_req, res) => {
    res.sendFile(path.join(distDir, 'index.html'));
  });
  return router;
}
