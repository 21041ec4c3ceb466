import { loginSchema, secondStepNeededSchema, staffUserSchema } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { AppError } from '../../platform/errors.js';
import { SESSION_COOKIE, sessionToken } from '../../platform/http/guards.js';
import type { AuthService } from './service.js';
import { sessionCookieOptions, setSessionCookie } from './session-cookie.js';

export const SIGN_IN_NEEDS_HTTPS =
  'Sign-in needs https: this site keeps staff signed in with a secure cookie, which browsers refuse over plain http. Open the site at its https:// address.';

export function authRoutes(ctx: AppContext, auth: AuthService): ApiRouter {
  const cookie = sessionCookieOptions(ctx.config);
  return new ApiRouter()
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/auth/login',
        tag: 'staff sign-in',
        summary:
          'Sign in; sets the session cookie (30 days with remember, else until the browser closes), or asks for the second step',
        access: 'public',
        body: loginSchema,
        response: staffUserSchema.or(secondStepNeededSchema),
      },
      async ({ body, req, res }) => {
        // A browser drops a Secure cookie sent over plain http: the sign-in would seem to do nothing.
        if (cookie.secure && !req.secure) throw AppError.badRequest(SIGN_IN_NEEDS_HTTPS);
        const signedIn = await auth.login(body, req.ip ?? 'unknown', req.get('user-agent') ?? '');
        if ('secondStep' in signedIn) return signedIn;
        setSessionCookie(res, signedIn, cookie);
        return signedIn.user;
      },
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/auth/logout',
        tag: 'staff sign-in',
        summary: 'Sign out: the session ends on the server',
        access: 'public',
        status: 204,
      },
      async ({ req, res }) => {
        await auth.logout(sessionToken(req));
        res.clearCookie(SESSION_COOKIE, cookie);
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/auth/me',
        tag: 'staff sign-in',
        summary: 'The signed-in admin, or 401',
        whileEnrolling: true,
        response: staffUserSchema,
      },
      ({ res }) => res.locals.staff,
    );
}
