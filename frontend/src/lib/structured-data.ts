import type { ChurchEvent, Sermon, SiteSettings, WeeklyService } from '@gather/contracts';

/** schema.org data as search engines read it from a page (JSON-LD). */
export type StructuredData = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const EVENT_STATUS: Record<ChurchEvent['status'], string> = {
  upcoming: 'https://schema.org/EventScheduled',
  ongoing: 'https://schema.org/EventScheduled',
  completed: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What the church itself is, for the home page: name, address, phone and when it meets. */
export function churchData(site: SiteSettings, services: WeeklyService[], origin: string): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'Church',
    '@id': `${origin}/#church`,
    name: site.church_name,
    url: `${origin}/`,
    telephone: site.phone,
    email: site.email,
    image: absolute(SHARE_IMAGE, origin),
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'GB' },
    sameAs: Object.values(site.social).filter(Boolean),
    openingHoursSpecification: services.flatMap((service) => {
      const day = DAYS.find((name) => name.toLowerCase() === service.day.trim().toLowerCase());
      const opens = clock(service.time);
      return day && opens ? [{ '@type': 'OpeningHoursSpecification', name: service.name, dayOfWeek: day, opens }] : [];
    }),
  };
}

/** A page of the site, as part of the church's website: every public page carries at least this. */
export function webPageData(title: string, description: string | undefined, url: string, origin: string) {
  return {
    '@context': CONTEXT,
    '@type': 'WebPage',
    name: title,
    description,
    url,
    isPartOf: { '@type': 'WebSite', url: `${origin}/` },
  };
}

export function eventData(event: ChurchEvent, site: SiteSettings | undefined, origin: string): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.date,
    endDate: event.end_date ?? undefined,
    url: `${origin}/events/${event.id}`,
    image: absolute(event.image ?? SHARE_IMAGE, origin),
    eventStatus: EVENT_STATUS[event.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location,
      address: { '@type': 'PostalAddress', streetAddress: event.venue_address || site?.address || event.location },
    },
    organizer: {
      '@type': 'Organization',
      name: event.organizer || site?.church_name,
      url: `${origin}/`,
    },
    offers: event.price
      ? { '@type': 'Offer', price: event.price, priceCurrency: 'USD', url: `${origin}/events/${event.id}` }
      : undefined,
  };
}

/** A sermon whose video can be watched; one without a video link has no VideoObject. */
export function sermonVideoData(sermon: Sermon, origin: string): StructuredData | undefined {
  if (!sermon.video_url) return undefined;
  return {
    '@context': CONTEXT,
    '@type': 'VideoObject',
    name: sermon.title,
    description: sermon.description || `${sermon.title}, by ${sermon.speaker}`,
    uploadDate: sermon.date,
    thumbnailUrl: absolute(sermon.thumbnail ?? SHARE_IMAGE, origin),
    contentUrl: sermon.video_url,
    embedUrl: sermon.video_url,
  };
}

/** The picture a shared link shows when a page has none of its own (1200 × 630, as link cards want). */
export const SHARE_IMAGE = '/share.jpg';

export function absolute(path: string, origin: string): string {
  return new URL(path, `${origin}/`).href;
}

/** "10:30 AM" or "19:00" as schema.org's 24-hour "10:30"; undefined when it does not read as a time. */
function clock(time: string): string | undefined {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?m?\.?$/i.exec(time.trim());
  if (!match) return undefined;
  const hour = (Number(match[1]) % (match[3] ? 12 : 24)) + (match[3]?.toLowerCase() === 'p' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}`;
}
