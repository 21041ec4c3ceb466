import express, { Router, type Request } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { escapeHtml } from './mail/html.js';

/** What the pages' server renderer (frontend/src/entry-server.tsx, built to dist/server) gives. */
interface RenderedPage {
  status: number;
  title: string;
  description?: string;
  html: string;
  dataScript: string;
}
interface PageRenderer {
  renderPage(url: URL, apiOrigin: string): Promise<RenderedPage | undefined>;
}

/**
 * Serves the built React app. A visitor's page is drawn on the server, with the API's answers it
 * needs, so phones paint it before any JavaScript runs; the staff console, and any page the renderer
 * cannot draw, gets the bare index.html and is drawn in the browser. Hashed assets never change, so
 * browsers keep them; pages are always asked for again so a new release is picked up at once.
 */
export function frontendRoutes(distDir: string, log: Logger): Router {
  const router = Router();
  const clientDir = path.join(distDir, 'client');
  if (!existsSync(path.join(clientDir, 'index.html'))) return router;
  const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const rendererFile = path.join(distDir, 'server', 'entry-server.js');
  const renderer: Promise<PageRenderer | undefined> = existsSync(rendererFile)
    ? import(pathToFileURL(rendererFile).href)
    : Promise.resolve(undefined);

  router.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get('/{*page}', async (req, res) => {
    // A missing file (an old asset, /favicon.ico) is not a page: no page is drawn for it.
    if (path.extname(req.path)) return void res.sendStatus(404);
    res.setHeader('Cache-Control', 'no-cache');
    const page = await renderedPage(req).catch((error: unknown) => {
      log.error({ err: error, path: req.path }, 'server rendering failed; the browser draws the page');
      return undefined;
    });
    if (!page) return void res.type('html').send(shell);
    res.status(page.status).type('html').send(fillShell(shell, page));
  });

  async function renderedPage(req: Request): Promise<RenderedPage | undefined> {
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
    return (await renderer)?.renderPage(url, ownOrigin(req));
  }
  return router;
}

/** The address this request came in on: the renderer asks the API there, without leaving the machine. */
function ownOrigin(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

function fillShell(shell: string, page: RenderedPage): string {
  let html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.dataScript}`);
  if (page.description) {
    const description = escapeHtml(page.description);
    html = html.replace(
      /(<meta name="description" content=")[^"]*"/,
      (_match, start: string) => `${start}${description}"`,
    );
  }
  return html;
}
