import {
  changeMyPasswordSchema,
  integerId,
  setPasswordWithLinkSchema,
  staffAccountCreateSchema,
  staffAccountEditSchema,
  staffAccountSchema,
  staffPasswordIssuedSchema,
  staffPasswordResetSchema,
  staffSignInSchema,
  type StaffUser,
} from '@gather/contracts';
import { z } from 'zod';
import { churchName } from '../../platform/church.js';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { sessionToken } from '../../platform/http/guards.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { PasswordLinks } from './password-links.js';
import { StaffAccountsRepository } from './repository.js';
import { StaffAccountsService } from './service.js';

const BASE = '/api/admin/staff-accounts';
const TAG = 'staff accounts';
const accountParams = z.object({ id: integerId });

export function staffAccountRoutes(ctx: AppContext): ApiRouter {
  const links = new PasswordLinks(new LinkSigner(siteSecret(ctx.config)), mailSettings(ctx.config, ctx.church));
  const service = new StaffAccountsService(new StaffAccountsRepository(ctx.db), links, () => churchName(ctx.church));
  const me = (locals: Record<string, unknown>) => locals.staff as StaffUser;
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/`,
        tag: TAG,
        roles: ['administrator'],
        summary: 'Every staff account, active ones first',
        response: z.array(staffAccountSchema),
      },
      ({ res }) => service.list(me(res.locals)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/`,
        tag: TAG,
        roles: ['administrator'],
        summary: 'Add a staff account: a one-time password in the answer, or a set-password link by e-mail',
        body: staffAccountCreateSchema,
        status: 201,
        response: staffPasswordIssuedSchema,
      },
      ({ body, res }) => service.add(me(res.locals), body),
    )
    .endpoint(
      {
        method: 'patch',
        path: `${BASE}/:id/`,
        tag: TAG,
        roles: ['administrator'],
        summary: "Change an account's roles; never leaving the church without an active administrator",
        activity: { subject: 'staff account', before: ({ params }) => service.account(params.id) },
        params: accountParams,
        body: staffAccountEditSchema,
        response: staffAccountSchema,
      },
      ({ params, body, res }) => service.editRoles(me(res.locals), params.id, body.roles),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/:id/reset-password/`,
        tag: TAG,
        roles: ['administrator'],
        summary: "Reset an account's password (signs it out everywhere)",
        params: accountParams,
        body: staffPasswordResetSchema,
        response: staffPasswordIssuedSchema,
      },
      ({ params, body, res }) => service.resetPassword(me(res.locals), params.id, body.delivery),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/:id/deactivate/`,
        tag: TAG,
        roles: ['administrator'],
        summary: 'Deactivate an account: its sessions end at once; never your own, never the last active one',
        params: accountParams,
        response: staffAccountSchema,
      },
      ({ params, res }) => service.deactivate(me(res.locals), params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/:id/reactivate/`,
        tag: TAG,
        roles: ['administrator'],
        summary: 'Let a deactivated account sign in again',
        params: accountParams,
        response: staffAccountSchema,
      },
      ({ params, res }) => service.reactivate(me(res.locals), params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/:id/sign-ins/`,
        tag: TAG,
        roles: ['administrator'],
        summary: "An account's recent sign-ins, newest first",
        params: accountParams,
        response: z.array(staffSignInSchema),
      },
      ({ params }) => service.signIns(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/me/password/`,
        tag: TAG,
        roles: 'any-staff',
        summary: 'Change my own password: my other sessions end, this one stays',
        beforePasswordChange: true,
        body: changeMyPasswordSchema,
        status: 204,
      },
      ({ body, req, res }) => service.changeMyPassword(me(res.locals), sessionToken(req)!, body),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/set-password/`,
        tag: TAG,
        summary: 'Set a password from an e-mailed link; each link works once, until it expires',
        access: 'public',
        rateLimit: 'forms',
        body: setPasswordWithLinkSchema,
        status: 204,
      },
      ({ body }) => service.setPasswordWithLink(body.token, body.password),
    );
}
