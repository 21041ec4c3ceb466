import {
  contentIdParamsSchema,
  manageActionSchema,
  manageLinkQuerySchema,
  registerAnswerSchema,
  registerFormSchema,
  registrationStateSchema,
} from '@gather/contracts';
import express from 'express';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { linkPage } from '../../platform/http/link-page.js';
import { AppError, fieldErrorsFrom } from '../../platform/errors.js';
import { MANAGE_PATH } from './links.js';

/** Where the event page's sign-up form posts when no script has taken it over. */
const PLAIN_FORM_PATH = '/api/events/:id/register/form/';
import { managePage } from './manage-page.js';
import { registrationServiceOf } from './setup.js';

/** Visitors' side of sign-ups: the event page's state and form, and the private link in their mail. */
export function registrationRoutes(ctx: AppContext): ApiRouter {
  const service = registrationServiceOf(ctx);
  const api = new ApiRouter();
  // The page behind the link, and the event page before its script has loaded, post plain forms.
  api.before('post', MANAGE_PATH, express.urlencoded({ extended: false, limit: '1kb' }));
  api.before('post', PLAIN_FORM_PATH, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 40 }));
  return api
    .endpoint(
      {
        method: 'get',
        path: '/api/events/:id/registration/',
        tag: 'events',
        access: 'public',
        summary: 'Whether an event takes sign-ups now, its places left, waiting list, party size and questions',
        params: contentIdParamsSchema,
        response: registrationStateSchema,
      },
      ({ params }) => service.state(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/events/:id/register/',
        tag: 'events',
        access: 'public',
        rateLimit: 'forms',
        summary:
          'Sign up for an event: 201 with a confirmed place, or a place on the waiting list; 409 when closed or full with no waiting list',
        params: contentIdParamsSchema,
        body: registerFormSchema,
        status: 201,
        response: registerAnswerSchema,
      },
      ({ params, body }) => service.register(params.id, body),
    )
    .endpoint(
      {
        method: 'post',
        path: PLAIN_FORM_PATH,
        tag: 'events',
        access: 'public',
        rateLimit: 'forms',
        summary:
          "The event page's sign-up form posted as a plain form (before its script has loaded): answers 303 back to the event's page, saying what happened",
        params: contentIdParamsSchema,
        produces: 'text/html',
      },
      async ({ params, req, res }) => {
        const page = `/events/${params.id}`;
        const form = registerFormSchema.safeParse(fromPlainForm(req.body as Record<string, string>));
        try {
          if (!form.success) throw AppError.invalid(fieldErrorsFrom(form.error));
          const answer = await service.register(params.id, form.data);
          const place = answer.waitlist_position ? `&place=${answer.waitlist_position}` : '';
          res.redirect(303, `${page}?signed_up=${answer.status}${place}#sign-up`);
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          const problem = Object.values(error.body).flat()[0];
          res.redirect(303, `${page}?sign_up_error=${encodeURIComponent(String(problem))}#sign-up`);
        }
      },
    )
    .endpoint(
      {
        method: 'get',
        path: MANAGE_PATH,
        tag: 'events',
        access: 'public',
        summary:
          "The private link in a sign-up's mail: a page to change the party, cancel or accept (opening it changes nothing)",
        query: manageLinkQuerySchema,
        produces: 'text/html',
      },
      async ({ query, res }) => {
        const page = await linkAnswer(async () => {
          const { row, event, maxParty } = await service.byLink(query.r, query.token);
          return managePage(event, row, maxParty, ctx.church.latest.time_zone);
        });
        res.status(page.status).type('html').send(page.html);
      },
    )
    .endpoint(
      {
        method: 'post',
        path: MANAGE_PATH,
        tag: 'events',
        access: 'public',
        rateLimit: 'forms',
        summary: "The manage page's buttons: action cancel, change (with party) or accept",
        query: manageLinkQuerySchema,
        produces: 'text/html',
      },
      async ({ query, req, res }) => {
        const page = await linkAnswer(async () => {
          const action = manageActionSchema.safeParse(req.body);
          if (!action.success) throw AppError.badRequest('Choose what to do.');
          const notice = await act(action.data.action, action.data.party);
          const { row, event, maxParty } = await service.byLink(query.r, query.token);
          return managePage(event, row, maxParty, ctx.church.latest.time_zone, notice);
        });
        res.status(page.status).type('html').send(page.html);

        async function act(action: 'cancel' | 'change' | 'accept', party: number | undefined): Promise<string> {
          if (action === 'cancel') {
            await service.cancelByLink(query.r, query.token);
            return 'Your sign-up is cancelled.';
          }
          if (action === 'accept') {
            return (await service.acceptByLink(query.r, query.token))
              ? 'The place is yours: your ticket is on its way by e-mail.'
              : 'This offer has ended.';
          }
          return (await service.changeByLink(query.r, query.token, party ?? 1))
            ? 'Your sign-up is changed.'
            : 'There are not enough places left for that many people.';
        }
      },
    );
}

/** The plain form's fields as the JSON form has them: `answers.<id>` fields, yes/no as true/false, a ticked box. */
function fromPlainForm(fields: Record<string, string>): Record<string, unknown> {
  const answers: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith('answers.')) continue;
    answers[name.slice('answers.'.length)] = value === 'yes' ? true : value === 'no' ? false : value;
  }
  return {
    name: fields.name,
    email: fields.email,
    party: fields.party,
    answers,
    newsletter_consent: fields.newsletter_consent === 'on' || fields.newsletter_consent === 'true',
    website: fields.website,
  };
}

/** The page, or "Link not valid" with the reason a link was refused. */
async function linkAnswer(draw: () => Promise<string>): Promise<{ status: number; html: string }> {
  try {
    return { status: 200, html: await draw() };
  } catch (error) {
    if (!(error instanceof AppError) || !('detail' in error.body)) throw error;
    return { status: error.status, html: linkPage('Link not valid', String(error.body.detail)) };
  }
}
