import {
  passkeyOptionsSchema,
  secondStepCodeSchema,
  secondStepPasskeySchema,
  secondStepTokenSchema,
  staffUserSchema,
} from '@gather/contracts';
import type { Request, Response } from 'express';
import type { AppContext } from '../../../platform/context.js';
import { ApiRouter } from '../../../platform/http/endpoint.js';
import type { AuthService } from '../service.js';
import { setSessionCookie, signInAttempt } from '../session-cookie.js';
import { relyingPartyFor } from './relying-party.js';
import type { SecondStepDone, SecondStepSignIn } from './sign-in.js';

const BASE = '/api/admin/auth/second-step';

/** The second step of a staff sign-in: only here does a pending sign-in become a session cookie. */
export function secondStepRoutes(ctx: AppContext, auth: AuthService, secondStep: SecondStepSignIn): ApiRouter {
  const signIn = async (req: Request, res: Response, done: SecondStepDone) => {
    const signedIn = await auth.finishSecondStep(done, signInAttempt(req));
    setSessionCookie(res, signedIn);
    return signedIn.user;
  };
  return new ApiRouter()
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/code/`,
        tag: 'staff sign-in',
        summary: 'Second step with a code from the authenticator app or a recovery code; sets the session cookie',
        access: 'public',
        body: secondStepCodeSchema,
        response: staffUserSchema,
      },
      async ({ body, req, res }) => signIn(req, res, await secondStep.withCode(body.token, body.code)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/passkey-options/`,
        tag: 'staff sign-in',
        summary: "Second step with a passkey: the challenge for the browser's passkey prompt",
        access: 'public',
        body: secondStepTokenSchema,
        response: passkeyOptionsSchema,
      },
      ({ body, req }) => secondStep.passkeyOptions(body.token, relyingPartyFor(ctx.config, req)),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/passkey/`,
        tag: 'staff sign-in',
        summary: 'Second step with a passkey; sets the session cookie',
        access: 'public',
        body: secondStepPasskeySchema,
        response: staffUserSchema,
      },
      async ({ body, req, res }) =>
        signIn(req, res, await secondStep.withPasskey(body.token, body.response, relyingPartyFor(ctx.config, req))),
    );
}
