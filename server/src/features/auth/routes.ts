import { loginSchema, secondStepNeededSchema, staffUserSchema } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { AppError } from '../../platform/errors.js';
import { SESSION_COOKIE, sessionToken } from '../../platform/http/guards.js';
import type { AuthService } from './service.js';
import { SESSION_COOKIE_OPTIONS, setSessionCookie, signInAttempt } from './session-cookie.js';

export const SIGN_IN_NEEDS_HTTPS =
  'Sign-in needs https: this site keeps staff signed in with a secure cookie, which browsers refuse over plain http. Open the site at its https:// address.';

/** Browsers keep Secure cookies sent over plain http only from the machine itself (http://localhost). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function authRoutes(ctx: AppContext, auth: AuthService): ApiRouter {
  const production = ctx.config.NODE_ENV === 'production';
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
        // A site in production is always behind https; on a volunteer's own machine, http://localhost works too.
        if (!req.secure && (production || !LOOPBACK_HOSTS.has(req.hostname))) {
          throw AppError.badRequest(SIGN_IN_NEEDS_HTTPS);
        }
        const signedIn = await auth.login(body, signInAttempt(req));
        if ('second_step' in signedIn) return signedIn;
        setSessionCookie(res, signedIn);
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
        res.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/auth/me',
        tag: 'staff sign-in',
        roles: 'any-staff',
        summary: 'The signed-in admin, or 401; must_change_password or must_enrol while the session is limited to that',
        beforePasswordChange: true,
        whileEnrolling: true,
        response: staffUserSchema,
      },
      ({ res }) => res.locals.staff,
    );
}
