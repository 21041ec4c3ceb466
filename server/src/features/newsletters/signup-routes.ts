import {
  confirmConsentQuerySchema,
  messageSchema,
  newsletterSubscriptionSchema,
  unsubscribeQuerySchema,
} from '@gather/contracts';
import express from 'express';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { UNSUBSCRIBE_PATH, UnsubscribeLinks } from './unsubscribe.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { sendLinkPage } from '../../platform/http/link-page.js';
import { NewsletterRepository } from './signup-repository.js';
import { NewsletterService } from './signup-service.js';
import { CONFIRM_PATH, ConfirmLinks } from './confirm-links.js';

export function newsletterRoutes(ctx: AppContext): ApiRouter {
  const settings = mailSettings(ctx.config, ctx.church);
  const signer = new LinkSigner(siteSecret(ctx.config));
  const links = new UnsubscribeLinks(signer, settings);
  const service = new NewsletterService(
    new NewsletterRepository(ctx.db),
    links,
    new ConfirmLinks(signer, settings),
    settings.churchName,
    SpamGuard.of(ctx),
  );
  const api = new ApiRouter();
  // Mail clients' one-click unsubscribe (RFC 8058) posts a form, not JSON; only this route reads forms.
  api.before('post', UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: '1kb' }));
  return api
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/newsletter/subscribe/',
        tag: 'newsletter',
        summary:
          'Subscribe an email address to the newsletter (subscribing again is not an error); nothing is sent to it but one mail asking its owner to confirm',
        body: newsletterSubscriptionSchema,
        status: 201,
        response: messageSchema,
      },
      ({ body }) => service.subscribe(body),
    )
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: CONFIRM_PATH,
        tag: 'newsletter',
        summary:
          'The link in the mail asking to confirm a newsletter consent: a small HTML page whose Confirm button posts back (opening it changes nothing)',
        query: confirmConsentQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.askConfirm(query)),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        path: CONFIRM_PATH,
        tag: 'newsletter',
        summary: 'Confirms a newsletter consent (double opt-in): the page’s Confirm button',
        query: confirmConsentQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.confirm(query)),
    )
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: UNSUBSCRIBE_PATH,
        tag: 'newsletter',
        summary:
          'The unsubscribe link in every newsletter mail: a small HTML page whose button posts back to unsubscribe (opening it changes nothing)',
        query: unsubscribeQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.askUnsubscribe(query)),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        path: UNSUBSCRIBE_PATH,
        tag: 'newsletter',
        summary:
          "Unsubscribes: the page's button, or a mail program's one-click (RFC 8058) posting 'List-Unsubscribe=One-Click'",
        query: unsubscribeQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.unsubscribe(query)),
    );
}
