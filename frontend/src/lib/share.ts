import type { Params } from 'react-router-dom';
import { absolute, SHARE_IMAGE, webPageData, type StructuredData } from './structured-data';

/** What a page's route knows when the server has drawn it: the API answers it was drawn from, and its address. */
export interface DrawnPage {
  answer<T>(queryKey: readonly unknown[]): T | undefined;
  /** Every answer whose key starts with `prefix`. */
  answers<T>(prefix: readonly unknown[]): T[];
  params: Params;
  /** The site's public origin (PUBLIC_URL), without a trailing slash. */
  origin: string;
}

/** How a page shows when its link is shared, and what it tells search engines, beyond its title and description. */
export interface SharedPage {
  title?: string;
  description?: string;
  /** A path on the site or an absolute URL. */
  image?: string;
  structuredData?: Array<StructuredData | undefined>;
}

/** Declared in a route's `handle` beside its title, from the answers its `data` declares. */
export interface ShareHandle {
  share?: (page: DrawnPage) => SharedPage;
}

/** The deepest route that says how it is shared. */
export function routeShare(handles: unknown[]): ShareHandle | undefined {
  return [...handles].reverse().find((handle): handle is ShareHandle => {
    return typeof handle === 'object' && handle !== null && 'share' in handle;
  });
}

/**
 * The Open Graph and Twitter card tags and the JSON-LD scripts for the page's <head>. Every value is escaped for
 * an attribute, and "<" in JSON-LD is written as \u003c, so a title with "</script>" cannot end the script.
 */
export function shareHead(page: {
  title: string;
  description?: string;
  image?: string;
  url: string;
  origin: string;
  siteName: string;
  structuredData: Array<StructuredData | undefined>;
}): string {
  const image = absolute(page.image ?? SHARE_IMAGE, page.origin);
  const tags: Array<[string, string, string | undefined]> = [
    ['property', 'og:title', page.title],
    ['property', 'og:description', page.description],
    ['property', 'og:image', image],
    ['property', 'og:url', page.url],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', page.siteName],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', page.title],
    ['name', 'twitter:description', page.description],
    ['name', 'twitter:image', image],
  ];
  const meta = tags
    .filter((tag): tag is [string, string, string] => Boolean(tag[2]))
    .map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeAttribute(content)}" />`);
  const link = `<link rel="canonical" href="${escapeAttribute(page.url)}" />`;
  const scripts = [webPageData(page.title, page.description, page.url, page.origin), ...page.structuredData]
    .filter((data) => data !== undefined)
    .map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  return [...meta, link, ...scripts].join('');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
