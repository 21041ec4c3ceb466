import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { EventRepository } from '../events/index.js';
import { SermonRepository } from '../sermons/index.js';
import { SiteMap } from './service.js';

/** Crawlers come often; an hour's cache keeps them off the database. */
const CACHE = 'public, max-age=3600';

export function sitemapRoutes(ctx: AppContext): ApiRouter {
  const siteMap = new SiteMap(
    new EventRepository(ctx.db),
    new SermonRepository(ctx.db),
    mailSettings(ctx.config, ctx.church).publicUrl,
  );
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/sitemap.xml',
        tag: 'site',
        access: 'public',
        summary: 'Every public page, each event and the sermon videos, for search engines',
        produces: 'application/xml',
      },
      async ({ res }) => {
        res
          .set('Cache-Control', CACHE)
          .type('application/xml; charset=utf-8')
          .send(await siteMap.xml());
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/robots.txt',
        tag: 'site',
        access: 'public',
        summary: 'What search engines may read: everything but the staff console and the API',
        produces: 'text/plain',
      },
      ({ res }) => {
        res.set('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(siteMap.robots());
      },
    );
}
