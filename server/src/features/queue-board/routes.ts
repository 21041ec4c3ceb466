import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { QUEUE_NAMES } from '@gather/contracts';
import { Queue } from 'bullmq';
import { Router, type Request, type RequestHandler } from 'express';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireRoles, requireStaff } from '../../platform/http/guards.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The BullMQ dashboard (bull-board) for signed-in staff, to mount at QUEUE_BOARD_PATH: every job
 * of the e-mail, upload and export queues, with retry and clean-up. Payloads hold ids only, so it
 * shows nobody's personal data. Its page loads only its own scripts and styles (no font service), which
 * the site's content security policy already allows.
 */
export function queueBoardRoutes(ctx: AppContext): Router {
  const board = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
  // The app's own Redis connection: the board only reads and changes jobs, and it closes with the app.
  // The queues' metadata is the producer's to write; the board leaves it alone.
  const queues = QUEUE_NAMES.map(
    (name) =>
      new BullMQAdapter(
        new Queue(name, { connection: ctx.redis, prefix: ctx.config.QUEUE_PREFIX, skipMetasUpdate: true }),
      ),
  );
  createBullBoard({
    queues,
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Gather queues' } },
  });
  return Router().use(staffOnly, withoutFontService, board.getRouter());
}

/** bull-board's page asks Google Fonts for IBM Plex; staff browsers tell nobody else they use the board. */
const FONT_SERVICE_LINK = /<link\b[^>]*\bhref="https:\/\/fonts\.googleapis\.com\/[^>]*>\s*/g;

/** Draws the board's page as bull-board does, less the font service link: it falls back to the system fonts. */
const withoutFontService: RequestHandler = (_req, res, next) => {
  const render = res.render.bind(res);
  res.render = (view: string, options?: object) =>
    render(view, options ?? {}, (error: Error | null, html: string) =>
      error ? next(error) : res.send(html.replace(FONT_SERVICE_LINK, '')),
    );
  next();
};

/** Its page sends a signed-out browser to the sign-in page; its API calls get the usual 401. */
const staffOnly: RequestHandler = async (req, res, next) => {
  try {
    // Jobs' details and failures show whatever they were for: the board is the administrators'.
    requireRoles(await requireStaff(req, res), ['administrator']);
  } catch (error) {
    if (!(error instanceof AppError)) return next(error);
    if (wantsPage(req)) return res.redirect('/admin/login');
    return res.status(error.status).json(error.body);
  }
  next();
};

function wantsPage(req: Request): boolean {
  return req.method === 'GET' && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html';
}
