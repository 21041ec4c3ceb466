import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { EventRepository } from '../events/index.js';
import { thumbnailUrl, type SermonRepository } from '../sermons/index.js';

/** The visitors' pages every site has; events have pages of their own, and sermons play on the media page. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/services',
  '/events',
  '/media',
  '/give',
  '/connect',
  '/contact',
  '/prayer',
  '/prayer/wall',
  '/building-fund',
  '/qr-generator',
  '/sunday',
] as const;

/** Where search engines may not go: the staff console and the API. */
const CLOSED_PATHS = ['/admin', '/api/', '/qna/view/'];
const SHARE_IMAGE = '/share.jpg';

/** What search engines are told about the site: /sitemap.xml and /robots.txt. */
export class SiteMap {
  constructor(
    private readonly events: EventRepository,
    private readonly sermons: SermonRepository,
    /** The site's public address, without a trailing slash. */
    private readonly publicUrl: string,
  ) {}

  async xml(): Promise<string> {
    const [events, sermons] = await Promise.all([this.events.all(), this.sermons.newestFirst()]);
    const videos = sermons.flatMap(({ sermon }) =>
      sermon.videoUrl
        ? [
            {
              title: sermon.title,
              description: (sermon.description || `${sermon.title}, by ${sermon.speaker}`).slice(0, 2048),
              thumbnail_loc: this.absolute(thumbnailUrl(sermon.thumbnail) ?? SHARE_IMAGE),
              player_loc: sermon.videoUrl,
              publication_date: sermon.date,
            },
          ]
        : [],
    );
    const pages: SitemapItemLoose[] = PUBLIC_PAGES.map((url) => (url === '/media' ? { url, video: videos } : { url }));
    for (const event of events) pages.push({ url: `/events/${event.id}`, lastmod: event.updatedAt.toISOString() });
    const stream = new SitemapStream({ hostname: `${this.publicUrl}/` });
    return (await streamToPromise(Readable.from(pages).pipe(stream))).toString();
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...CLOSED_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  private absolute(path: string): string {
    return new URL(path, `${this.publicUrl}/`).href;
  }
}
