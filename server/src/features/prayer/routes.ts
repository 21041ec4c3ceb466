import { createHmac } from 'node:crypto';
import {
  messageSchema,
  prayedAnswerSchema,
  prayerApprovalSchema,
  prayerNotesSchema,
  prayerRequestFormSchema,
  prayerUpdatesOffQuerySchema,
  staffPrayerPageSchema,
  staffPrayerQuerySchema,
  staffPrayerRequestSchema,
  uuidId,
  wallPageSchema,
  wallQuerySchema,
} from '@gather/contracts';
import express, { type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { DeviceIds } from '../../platform/http/device.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { sendLinkPage } from '../../platform/http/link-page.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { PrayerLive } from './live.js';
import { PrayerRepository } from './repository.js';
import { PrayerService, type PrayingDevice } from './service.js';
import { PrayerUpdates, UPDATES_OFF_PATH } from './updates.js';

const requestParams = z.object({ id: uuidId });

/**
 * Devices one connection may add to a request's count: a whole congregation shares the church's Wi-Fi, while a
 * script that drops its cookie cannot carry a count alone.
 */
const PRAYED_PER_ADDRESS = 50;

export function prayerRoutes(ctx: AppContext): ApiRouter {
  const repository = new PrayerRepository(ctx.db);
  const service = new PrayerService(
    repository,
    SpamGuard.of(ctx),
    new PrayerLive(ctx.live, (id) => repository.prayedCount(id)),
    PRAYED_PER_ADDRESS,
  );
  const devices = new DeviceIds(ctx.config);
  const addressKey = createHmac('sha256', siteSecret(ctx.config)).update('gather:prayer-address').digest();
  /** The device's signed id (a new one for a phone that has none) and its address as a keyed hash only. */
  const praying = (req: Request, res: Parameters<DeviceIds['of']>[1]): PrayingDevice => ({
    deviceId: devices.of(req, res),
    addressHash: createHmac('sha256', addressKey)
      .update(req.ip ?? 'unknown')
      .digest('base64url'),
  });
  const updates = new PrayerUpdates(
    new LinkSigner(siteSecret(ctx.config)),
    mailSettings(ctx.config, ctx.church),
    repository,
  );
  const staffCall = { tag: 'prayer', roles: ['pastoral'] } as const;
  // The activity log keeps that staff cared for a request, never its words nor who sent it.
  const change = { subject: 'prayer request', personal: true } as const;
  const api = new ApiRouter();
  // A mail program's one-click "unsubscribe" posts a form, not JSON.
  api.before('post', UPDATES_OFF_PATH, express.urlencoded({ extended: false, limit: '1kb' }));
  return api
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/prayer-requests/',
        tag: 'prayer',
        summary:
          'Send a prayer request: visibility pastoral (the default: the pastoral team only), wall or wall_anonymous',
        body: prayerRequestFormSchema,
        status: 201,
        response: messageSchema,
      },
      ({ body }) => service.send(body),
    )
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: '/api/prayer-requests/wall/',
        tag: 'prayer',
        summary: 'The prayer wall: approved requests shared by their senders, newest first, 20 a page',
        query: wallQuerySchema,
        response: wallPageSchema,
      },
      ({ query, req }) => service.wall(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'votes',
        path: '/api/prayer-requests/:id/prayed/',
        tag: 'prayer',
        summary: '"I prayed" for a request on the wall: counted once per device (again changes nothing)',
        params: requestParams,
        response: prayedAnswerSchema,
      },
      ({ params, req, res }) => service.prayed(params.id, praying(req, res)),
    )
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: UPDATES_OFF_PATH,
        tag: 'prayer',
        summary:
          'The link in a sender\'s "N people prayed" mail: a small page whose button posts back to stop that mail',
        query: prayerUpdatesOffQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, async () => updates.ask(query)),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        path: UPDATES_OFF_PATH,
        tag: 'prayer',
        summary: 'Stops the "N people prayed" mail: the page\'s button, or a mail program\'s one-click (RFC 8058)',
        query: prayerUpdatesOffQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => updates.stop(query)),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'get',
        path: '/api/admin/prayer-requests/',
        summary: 'Prayer requests, a page at a time: search, status filter (new, on_wall, followed_up, archived)',
        query: staffPrayerQuerySchema,
        response: staffPrayerPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'post',
        path: '/api/admin/prayer-requests/:id/approve/',
        activity: change,
        summary: "Put a shared request on the wall, optionally with edited text and name (the sender's are kept)",
        params: requestParams,
        body: prayerApprovalSchema,
        response: staffPrayerRequestSchema,
      },
      ({ params, body }) => service.approve(params.id, body),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'post',
        path: '/api/admin/prayer-requests/:id/follow-up/',
        activity: change,
        summary: 'Mark a prayer request followed up',
        params: requestParams,
        response: staffPrayerRequestSchema,
      },
      ({ params }) => service.followUp(params.id, true),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'delete',
        path: '/api/admin/prayer-requests/:id/follow-up/',
        activity: change,
        summary: 'Mark a prayer request not yet followed up (the Undo)',
        params: requestParams,
        response: staffPrayerRequestSchema,
      },
      ({ params }) => service.followUp(params.id, false),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'put',
        path: '/api/admin/prayer-requests/:id/notes/',
        activity: change,
        summary: "The pastoral team's private notes on a request",
        params: requestParams,
        body: prayerNotesSchema,
        response: staffPrayerRequestSchema,
      },
      ({ params, body }) => service.setNotes(params.id, body.notes),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'post',
        path: '/api/admin/prayer-requests/:id/archive/',
        activity: change,
        summary: 'Archive a prayer request: it leaves the wall',
        params: requestParams,
        response: staffPrayerRequestSchema,
      },
      ({ params }) => service.archive(params.id),
    );
}
