import {
  churchSettingsRequestSchema,
  churchSettingsSchema,
  firstRunChecklistSchema,
  removeDemoContentRequestSchema,
  removedDemoContentSchema,
  testEmailAnswerSchema,
  testEmailRequestSchema,
  type StaffUser,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { sendAndHear } from '../../platform/mail/test-send.js';
import { SettingsRepository } from './repository.js';
import { SettingsService } from './service.js';

export function settingsRoutes(ctx: AppContext): ApiRouter {
  const service = new SettingsService({
    church: ctx.church,
    settings: new SettingsRepository(ctx.db),
    mail: mailSettings(ctx.config, ctx.church),
    send: (message) => sendAndHear(ctx.config.SMTP_URL, message),
    publicUrlSet: ctx.config.PUBLIC_URL !== undefined,
  });
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/settings/',
        tag: 'settings',
        roles: ['administrator'],
        summary: "The church's details as every page, feed and e-mail shows them",
        response: churchSettingsSchema,
      },
      () => service.details(),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/admin/settings/',
        tag: 'settings',
        roles: ['administrator'],
        summary: "Save the church's details: every page, feed and e-mail shows them at once",
        body: churchSettingsRequestSchema(ctx.config.CHURCH_EMAIL_DOMAIN),
        response: churchSettingsSchema,
        activity: { subject: 'church settings', before: () => service.details() },
      },
      ({ body }) => service.save(body),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/settings/test-email/',
        tag: 'settings',
        roles: ['administrator'],
        summary: "Send a test e-mail through the site's mail server (to yourself or the church) and hear its reply",
        body: testEmailRequestSchema,
        response: testEmailAnswerSchema,
        activity: { subject: 'test e-mail' },
      },
      ({ body, res }) => service.sendTestEmail(body, (res.locals.staff as StaffUser).username),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/settings/checklist/',
        tag: 'settings',
        roles: ['administrator'],
        summary: 'What a new church must still do before going live, each step ticked by the data itself',
        response: firstRunChecklistSchema,
      },
      () => service.checklist(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/settings/remove-demo-content/',
        tag: 'settings',
        roles: ['administrator'],
        summary: 'Remove every sermon, event, service, album, Q&A session and photo collection the demo added',
        body: removeDemoContentRequestSchema,
        response: removedDemoContentSchema,
        activity: { subject: 'demo content' },
      },
      () => service.removeDemoContent(),
    );
}
