import {
  checkInAnswerSchema,
  checkInSchema,
  contentIdParamsSchema,
  eventRegistrationParamsSchema,
  registrationEmailAnswerSchema,
  registrationEmailSchema,
  registrationListQuerySchema,
  registrationListSchema,
  registrationRecipientsSchema,
  registrationSettingsAnswerSchema,
  registrationSettingsSchema,
  staffAddRegistrationSchema,
  staffRegistrationSchema,
  type StaffUser,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { CampaignRepository } from '../newsletters/index.js';
import { registrationCsv } from './export.js';
import { registrationServiceOf } from './setup.js';

const BASE = '/api/admin/events/:id';

/** Staff's side of sign-ups: settings, the list, changes by hand, the export, mail and the door's check-in. */
export function registrationStaffRoutes(ctx: AppContext): ApiRouter {
  const service = registrationServiceOf(ctx);
  const campaigns = new CampaignRepository(ctx.db);
  const settings = mailSettings(ctx.config);
  const subjectId = (params: { registrationId: number }) => params.registrationId;
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/registration/`,
        tag: 'events',
        roles: ['content'],
        summary: "An event's sign-up settings (off, with defaults, until first saved)",
        params: contentIdParamsSchema,
        response: registrationSettingsAnswerSchema,
      },
      ({ params }) => service.settings(params.id),
    )
    .endpoint(
      {
        method: 'put',
        path: `${BASE}/registration/`,
        activity: { subject: 'event sign-ups' },
        tag: 'events',
        roles: ['content'],
        summary:
          'Turn sign-ups on or off and set capacity, waiting list, opening and closing times, party size (1-10), questions (up to 10) and the hours an offered place waits (accept_hours, default 24)',
        params: contentIdParamsSchema,
        body: registrationSettingsSchema,
        response: registrationSettingsAnswerSchema,
      },
      ({ params, body }) => service.saveSettings(params.id, body),
    )
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/registrations/`,
        tag: 'events',
        roles: ['content'],
        summary: "An event's sign-ups with their counts; search by name or address, filter by status",
        params: contentIdParamsSchema,
        query: registrationListQuerySchema,
        response: registrationListSchema,
      },
      ({ params, query }) => service.list(params.id, query.search, query.status),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/registrations/`,
        activity: { subject: 'sign-up', personal: true },
        tag: 'events',
        roles: ['content'],
        summary: 'Add someone by hand: a place if one is free, else the waiting list; their confirmation is mailed',
        params: contentIdParamsSchema,
        body: staffAddRegistrationSchema,
        status: 201,
        response: staffRegistrationSchema,
      },
      ({ params, body }) => service.add(params.id, body),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/registrations/:registrationId/cancel/`,
        activity: { subject: 'sign-up', personal: true, subjectId },
        tag: 'events',
        roles: ['content'],
        summary: 'Cancel a sign-up; its places go to the waiting list in order',
        params: eventRegistrationParamsSchema,
        response: staffRegistrationSchema,
      },
      ({ params }) => service.cancel(params.id, params.registrationId),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/registrations/:registrationId/confirm/`,
        activity: { subject: 'sign-up', personal: true, subjectId },
        tag: 'events',
        roles: ['content'],
        summary: 'Move someone off the waiting list to a place (409 when the places are not free)',
        params: eventRegistrationParamsSchema,
        response: staffRegistrationSchema,
      },
      ({ params }) => service.confirm(params.id, params.registrationId),
    )
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/registrations/export/`,
        tag: 'events',
        roles: ['content'],
        summary: 'Every sign-up of an event, with its answers, as a CSV download',
        params: contentIdParamsSchema,
        produces: 'text/csv',
      },
      async ({ params, res }) => {
        const { rows, questions } = await service.all(params.id);
        res
          .type('text/csv; charset=utf-8')
          .set('Content-Disposition', `attachment; filename="event-${params.id}-sign-ups.csv"`)
          .send(registrationCsv(rows, questions));
      },
    )
    .endpoint(
      {
        method: 'get',
        path: `${BASE}/registrations/recipients/`,
        tag: 'events',
        roles: ['content', 'mail'],
        summary: 'Everyone holding a place (confirmed or offered), once per address, for Send Emails',
        params: contentIdParamsSchema,
        response: registrationRecipientsSchema,
      },
      async ({ params }) => ({ recipients: await service.recipients(params.id) }),
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/registrations/email/`,
        activity: { subject: 'sign-up message' },
        tag: 'events',
        roles: ['mail'],
        summary: 'E-mail everyone holding a place, as a service message of Send Emails',
        params: contentIdParamsSchema,
        body: registrationEmailSchema,
        status: 202,
        response: registrationEmailAnswerSchema,
      },
      async ({ params, body, res }) => {
        const recipients = await service.recipients(params.id);
        if (recipients.length === 0) return { campaign_id: null, recipients: 0, message: 'Nobody is signed up.' };
        const campaign = await campaigns.create({
          subject: body.subject,
          content: body.content,
          fromEmail: settings.from.address,
          fromName: settings.from.name,
          kind: 'service',
          createdBy: (res.locals.staff as StaffUser).username,
          recipients,
        });
        return {
          campaign_id: campaign.id,
          recipients: recipients.length,
          message: `Your message is being sent to ${recipients.length} people signed up.`,
        };
      },
    )
    .endpoint(
      {
        method: 'post',
        path: `${BASE}/check-ins/`,
        activity: false,
        tag: 'events',
        roles: ['content'],
        summary:
          'Check someone in at the door by their ticket (the QR code) or sign-up id; client_id, made by the phone, makes a check-in sent again count once',
        params: contentIdParamsSchema,
        body: checkInSchema,
        response: checkInAnswerSchema,
      },
      ({ params, body }) => service.checkIn(params.id, body),
    );
}
