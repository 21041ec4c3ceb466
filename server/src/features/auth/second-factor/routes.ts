import {
  addPasskeySchema,
  addedFactorSchema,
  authenticatorSetupSchema,
  confirmAuthenticatorSchema,
  confirmIdentitySchema,
  integerId,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  secondFactorPolicySchema,
  secondFactorStatusSchema,
  type StaffUser,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { ApiRouter } from '../../../platform/http/endpoint.js';
import { relyingPartyFor } from './relying-party.js';
import type { SecondFactorService } from './service.js';

const BASE = '/api/admin/second-factor';
const TAG = 'two-step sign-in';
const idParams = z.object({ id: integerId });

/**
 * The console's Security page. Every call but the church's setting stays open to a session that must first set
 * up a second factor. Answers carrying a secret or recovery codes are logged without them.
 */
export function secondFactorRoutes(ctx: AppContext, service: SecondFactorService): ApiRouter {
  const me = (locals: Record<string, unknown>) => (locals.staff as StaffUser).username;
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/`,
        tag: TAG,
        summary: "The signed-in staff member's second factors, and whether one is required",
        roles: 'any-staff',
        whileEnrolling: true,
        response: secondFactorStatusSchema,
      },
      ({ res }) => service.status(me(res.locals)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/authenticator/`,
        tag: TAG,
        summary: 'Start setting up an authenticator app: its secret as a QR code and in text',
        roles: 'any-staff',
        whileEnrolling: true,
        // Nothing is set up until the first code confirms it; that is what the log keeps.
        activity: false,
        response: authenticatorSetupSchema,
      },
      ({ res }) => service.startAuthenticator(me(res.locals)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/authenticator/confirm/`,
        tag: TAG,
        summary: "Confirm the authenticator app with its first code; the first factor's recovery codes, shown once",
        roles: 'any-staff',
        whileEnrolling: true,
        activity: { subject: 'authenticator app' },
        body: confirmAuthenticatorSchema,
        response: addedFactorSchema,
      },
      ({ body, res }) => service.confirmAuthenticator(me(res.locals), body.code),
    )
    .endpoint(
      {
        method: 'delete',
        path: `${BASE}/authenticator/`,
        tag: TAG,
        summary: 'Remove the authenticator app (with the current password or a code)',
        roles: 'any-staff',
        whileEnrolling: true,
        activity: { subject: 'authenticator app' },
        body: confirmIdentitySchema,
        status: 204,
      },
      ({ body, res }) => service.removeAuthenticator(me(res.locals), body),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/recovery-codes/`,
        tag: TAG,
        summary: 'Make ten new recovery codes, shown once; the old ones stop working',
        roles: 'any-staff',
        whileEnrolling: true,
        activity: { subject: 'recovery codes' },
        body: confirmIdentitySchema,
        response: recoveryCodesSchema,
      },
      ({ body, res }) => service.newRecoveryCodes(me(res.locals), body),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/passkeys/options/`,
        tag: TAG,
        summary: "Start adding a passkey: the challenge for the browser's passkey prompt",
        roles: 'any-staff',
        whileEnrolling: true,
        activity: false,
        response: passkeyOptionsSchema,
      },
      ({ req, res }) => service.passkeyOptions(me(res.locals), relyingPartyFor(ctx.config, req)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/passkeys/`,
        tag: TAG,
        summary: "Add a passkey from the browser's answer; the first factor's recovery codes, shown once",
        roles: 'any-staff',
        whileEnrolling: true,
        activity: { subject: 'passkey' },
        body: addPasskeySchema,
        status: 201,
        response: addedFactorSchema.extend({ id: z.number().int(), name: z.string() }),
      },
      ({ body, req, res }) =>
        service.addPasskey(me(res.locals), body.name, body.response, relyingPartyFor(ctx.config, req)),
    )
    .endpoint(
      {
        method: 'delete',
        path: `${BASE}/passkeys/:id/`,
        tag: TAG,
        summary: 'Remove a passkey (with the current password or a code)',
        roles: 'any-staff',
        whileEnrolling: true,
        activity: { subject: 'passkey' },
        params: idParams,
        body: confirmIdentitySchema,
        status: 204,
      },
      ({ params, body, res }) => service.removePasskey(me(res.locals), params.id, body),
    )
    .endpoint(
      {
        method: 'put',
        path: `${BASE}/policy/`,
        tag: TAG,
        roles: ['administrator'],
        summary:
          "The church's setting: every staff account needs a second factor (they set one up at their next sign-in)",
        activity: { subject: 'two-step sign-in setting' },
        body: secondFactorPolicySchema,
        response: secondFactorPolicySchema,
      },
      ({ body }) => service.setRequiredForAllStaff(body.required_for_all_staff),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/staff-accounts/:id/reset-second-factor/',
        tag: TAG,
        roles: ['administrator'],
        summary:
          "Reset another staff member's second factor (a lost phone): they sign in with their password and set one up again",
        activity: { subject: 'staff account second factor' },
        params: idParams,
        status: 204,
      },
      ({ params }) => service.resetFor(params.id),
    );
}
