import express, { Router, type Request } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { escapeHtml } from '../mail/html.js';
import type { ApiAnswer, InProcessReads } from '../http/in-process.js';
import { publicCacheOf, sendCached } from '../cache/cached-answers.js';
import { signedOutStaffPagesToLogin } from './staff-pages.js';

/** What the pages' server renderer (frontend/src/entry-server.tsx, built to dist/server) gives. */
interface RenderedPage {
  status: number;
  title: string;
  description?: string;
  /** Open Graph and Twitter card tags and JSON-LD, already escaped. */
  head: string;
  html: string;
  dataScript: string;
  /** Queries the page used that its route does not declare: found by drawing it, so it was drawn twice. */
  undeclared: string[];
}
interface PageRenderer {
  renderPage(url: URL, readApi: (path: string) => Promise<ApiAnswer>): Promise<RenderedPage | undefined>;
}

/**
 * Serves the built React app. A visitor's page is drawn on the server, with the API's answers its
 * route declares, read in-process (`reads`), so phones paint it before any JavaScript runs; the staff console, and any page the renderer
 * cannot draw, gets the bare index.html and is drawn in the browser (a signed-out visitor to the console is sent to
 * sign in first, staff-pages.ts). Hashed assets never change, so
 * browsers keep them; pages are always asked for again so a new release is picked up at once.
 */
export function frontendRoutes(distDir: string, log: Logger, reads: InProcessReads, publicUrl?: string): Router {
  const router = Router();
  const clientDir = path.join(distDir, 'client');
  if (!existsSync(path.join(clientDir, 'index.html'))) return router;
  const shell = withStylesheetInline(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), clientDir);
  const rendererFile = path.join(distDir, 'server', 'entry-server.js');
  const renderer: Promise<PageRenderer | undefined> = existsSync(rendererFile)
    ? import(pathToFileURL(rendererFile).href)
    : Promise.resolve(undefined);

  router.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.use(signedOutStaffPagesToLogin());
  router.get('/{*page}', async (req, res) => {
    // A missing file (an old asset, /favicon.ico) is not a page: no page is drawn for it.
    if (path.extname(req.path)) return void res.sendStatus(404);
    res.setHeader('Cache-Control', 'no-cache');
    // A page drawn only from kept public lists is the same for every visitor until staff change something.
    const cache = publicCacheOf(req);
    const key = `page ${pageUrl(req)}`;
    const cached = cache?.peek(key);
    if (cached) return void sendCached(req, res, cached, HTML);
    const since = cache?.mark();
    const reads = new CachedReads();
    const page = await renderedPage(req, reads).catch((error: unknown) => {
      log.error({ err: error, path: req.path }, 'server rendering failed; the browser draws the page');
      return undefined;
    });
    if (!page) return void res.type('html').send(shell);
    if (page.undeclared.length) {
      log.warn({ path: req.path, queries: page.undeclared }, 'page drawn twice: its route does not declare this data');
    }
    const html = fillShell(shell, page);
    if (cache && since !== undefined && reads.allCached() && page.status === 200 && !page.undeclared.length) {
      return void sendCached(req, res, cache.keep(key, html, since), HTML);
    }
    res.status(page.status).type('html').send(html);
  });

  // Shared links and search engines name pages by the site's public address, whichever address was asked.
  function pageUrl(req: Request): URL {
    const origin = publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    // Joined, not resolved: a path such as //elsewhere.example must not change the host.
    return new URL(`${origin}${req.originalUrl}`);
  }

  async function renderedPage(req: Request, cached: CachedReads): Promise<RenderedPage | undefined> {
    return (await renderer)?.renderPage(pageUrl(req), (apiPath) => cached.follow(reads.get(apiPath)));
  }
  return router;
}

const HTML = 'text/html; charset=utf-8';

/**
 * The site's one stylesheet, written into the page: a phone on a slow line paints a page drawn here without a
 * second round trip first (18 KB gzipped, about what that request cost Lighthouse's slow phone). Cached pages are
 * gzipped once, so it costs no CPU per visitor; the fonts it names are still files the browser keeps.
 */
function withStylesheetInline(shell: string, clientDir: string): string {
  return shell.replace(/<link rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const rules = readFileSync(path.join(clientDir, 'assets', file), 'utf8');
    return `<style>${rules.replaceAll('</style', '<\\/style')}</style>`;
  });
}

/**
 * Whether every answer a page was drawn from came whole from the public cache. A read that failed, was refused or
 * is still running when drawing ends (left out after 2 s) means the page may lack something: it is not cached.
 */
class CachedReads {
  private running = 0;
  private whole = true;

  async follow(read: Promise<ApiAnswer>): Promise<ApiAnswer> {
    this.running += 1;
    try {
      const answer = await read;
      this.whole &&= answer.status === 200 && Boolean(answer.cached);
      return answer;
    } catch (error) {
      this.whole = false;
      throw error;
    } finally {
      this.running -= 1;
    }
  }

  allCached(): boolean {
    return this.whole && this.running === 0;
  }
}

function fillShell(shell: string, page: RenderedPage): string {
  let html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${page.head}</head>`)
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
