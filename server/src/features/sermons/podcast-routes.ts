import type { Request } from 'express';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SermonRepository } from './repository.js';
import { PodcastRepository } from './podcast-repository.js';
import { PodcastService } from './podcast-service.js';

export function podcastRoutes(ctx: AppContext): ApiRouter {
  // Read at each feed, so the feed names the church as Settings last saved it.
  const church = ctx.church;
  const service = new PodcastService(new PodcastRepository(ctx.db), new SermonRepository(ctx.db), {
    get churchName() {
      return church.latest.church_name;
    },
    get churchAddress() {
      return church.latest.church_address;
    },
    get ownerEmail() {
      return church.latest.podcast_owner_email;
    },
  });
  /** PUBLIC_URL when set; otherwise the address the podcast app asked on, so links work on any machine. */
  const siteUrl = (req: Request) =>
    (ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');

  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/podcast.xml',
        tag: 'podcast',
        access: 'public',
        summary: 'The sermons podcast: RSS 2.0 with iTunes and Podcasting 2.0 tags, one episode per sermon with audio',
        produces: 'application/rss+xml',
      },
      async ({ req, res }) => {
        const xml = await service.feed(siteUrl(req));
        res.type('application/rss+xml; charset=utf-8').set('Cache-Control', 'public, max-age=300').send(xml);
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/podcast-artwork.jpg',
        tag: 'podcast',
        access: 'public',
        summary: "The podcast's artwork: a 3000 × 3000 JPEG",
        produces: 'image/jpeg',
      },
      async ({ res }) => {
        const jpeg = await service.artworkJpeg();
        res.type('image/jpeg').set('Cache-Control', 'public, max-age=86400').send(jpeg);
      },
    );
}
