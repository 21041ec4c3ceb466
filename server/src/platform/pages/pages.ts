import express, { Router, type Request } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { escapeHtml } from '../mail/html.js';
import type { ApiAnswer, InProcessReads } from '../http/in-process.js';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.js';
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
    const cache = publicCacheOf(req);
    const url = pageUrl(req);
    const key = `page ${url}`;
    const cached = cache?.peek(key);
    if (cached) return void sendCached(req, res, cached, HTML);
    // A page is drawn from cookie-less reads, so it is the same for everyone asking at once: they share one drawing.
    let drawing = drawings.get(key);
    if (!drawing) {
      drawing = drawPage(url, key, cache).finally(() => drawings.delete(key));
      drawings.set(key, drawing);
    }
    const drawn = await drawing;
    if (drawn.kept) return void sendCached(req, res, drawn.kept, HTML);
    res.status(drawn.status).type('html').send(drawn.html);
  });
  const drawings = new Map<string, Promise<DrawnPage>>();

  async function drawPage(url: URL, key: string, cache: PublicCache | undefined): Promise<DrawnPage> {
    const since = cache?.mark();
    const reads = new CachedReads();
    const page = await renderedPage(url, reads).catch((error: unknown) => {
      log.error({ err: error, path: url.pathname }, 'server rendering failed; the browser draws the page');
      return undefined;
    });
    if (!page) return { status: 200, html: shell };
    if (page.undeclared.length) {
      log.warn(
        { path: url.pathname, queries: page.undeclared },
        'page drawn twice: its route does not declare this data',
      );
    }
    const html = fillShell(shell, page);
    const keep = reads.keep();
    if (cache && since !== undefined && keep && page.status === 200 && !page.undeclared.length) {
      return { status: 200, html, kept: cache.keep(key, html, since, keep === 'briefly' ? LIVE_PAGE_MS : undefined) };
    }
    return { status: page.status, html };
  }

  // Shared links and search engines name pages by the site's public address, whichever address was asked.
  function pageUrl(req: Request): URL {
    const origin = publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    // Joined, not resolved: a path such as //elsewhere.example must not change the host.
    return new URL(`${origin}${req.originalUrl}`);
  }

  async function renderedPage(url: URL, cached: CachedReads): Promise<RenderedPage | undefined> {
    return (await renderer)?.renderPage(url, (apiPath) => cached.follow(reads.get(apiPath)));
  }
  return router;
}

const HTML = 'text/html; charset=utf-8';
/**
 * How long a page drawn from live reads (EndpointSpec.live) is kept: what it misses meanwhile, the page reads
 * again once it has joined its live room.
 */
const LIVE_PAGE_MS = 1000;

interface DrawnPage {
  status: number;
  html: string;
  /** Kept in the public cache: sent with its ETag, gzipped once. */
  kept?: CachedAnswer;
}

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
 * Whether a page can be kept, from the answers it was drawn from: until public content changes when every one
 * came whole from the public cache, briefly when some were live reads instead. A read that failed, was refused or
 * is still running when drawing ends (left out after 2 s) means the page may lack something: it is not kept.
 */
class CachedReads {
  private running = 0;
  private whole = true;
  private live = false;

  async follow(read: Promise<ApiAnswer>): Promise<ApiAnswer> {
    this.running += 1;
    try {
      const answer = await read;
      this.whole &&= answer.status === 200 && Boolean(answer.cached || answer.live);
      this.live ||= Boolean(answer.live);
      return answer;
    } catch (error) {
      this.whole = false;
      throw error;
    } finally {
      this.running -= 1;
    }
  }

  keep(): 'until-changed' | 'briefly' | undefined {
    if (!this.whole || this.running !== 0) return undefined;
    return this.live ? 'briefly' : 'until-changed';
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
