import type { Request, RequestHandler } from 'express';
import type { Guards } from '../http/guards.js';
import { sessionToken } from '../http/guards.js';

/** Pages under /admin that must open without a session: signing in, and the e-mailed set-password link. */
const OPEN_ADMIN_PAGES = new Set(['/admin/login', '/admin/set-password']);

export const STAFF_LOGIN_PAGE = '/admin/login';

/** Whether a page address is one of the console's: everything under /admin but the open pages, and moderation. */
export function isStaffPage(pagePath: string): boolean {
  const path = pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath;
  if (OPEN_ADMIN_PAGES.has(path)) return false;
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/qna/view/');
}

/**
 * A signed-out visit to a console page is sent to sign in by the server, before any of the console's code loads:
 * the browser never draws the console's frame for a stranger. The session is checked as every staff call checks
 * it (an ended, idle or unknown session is none). When the database cannot say, the page is served as before and
 * the console asks again in the browser: an outage must not look like being signed out.
 */
export function signedOutStaffPagesToLogin(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isStaffPage(req.path)) return next();
    const token = sessionToken(req);
    const toLogin = () => {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, loginAddress(req));
    };
    if (!token) return toLogin();
    (req.app.locals.guards as Guards).auth.staffFor(token).then(
      (staff) => (staff ? next() : toLogin()),
      () => next(),
    );
  };
}

/** The login page with the page asked for as `next`; the login page itself accepts only the site's own paths. */
function loginAddress(req: Request): string {
  const asked = req.originalUrl.startsWith('/') && !req.originalUrl.startsWith('//') ? req.originalUrl : req.path;
  return `${STAFF_LOGIN_PAGE}?next=${encodeURIComponent(asked)}`;
}
