import { createHash } from 'node:crypto';
import { Podcast } from 'podcast';
import type { SermonWithSeries } from './repository.js';

/** Podcasting 2.0's namespace for a feed's podcast:guid (a UUIDv5 of its address without the scheme). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

export interface PodcastChannel {
  /** The site's address without a trailing slash, e.g. https://gatherchurch.org. */
  siteUrl: string;
  churchName: string;
  churchAddress: string;
  ownerEmail: string;
}

/** RSS 2.0 with the iTunes and Podcasting 2.0 tags Apple Podcasts and Spotify ask for. */
export function podcastXml(channel: PodcastChannel, episodes: SermonWithSeries[]): string {
  const feedUrl = `${channel.siteUrl}/podcast.xml`;
  const title = `${channel.churchName} Sermons`;
  const description = `Sermons preached at ${channel.churchName}, ${channel.churchAddress}.`;
  const feed = new Podcast({
    title,
    description,
    feedUrl,
    siteUrl: `${channel.siteUrl}/media`,
    imageUrl: `${channel.siteUrl}/podcast-artwork.jpg`,
    itunesImage: `${channel.siteUrl}/podcast-artwork.jpg`,
    itunesAuthor: channel.churchName,
    itunesSummary: description,
    itunesOwner: { name: channel.churchName, email: channel.ownerEmail },
    itunesExplicit: false,
    itunesType: 'episodic',
    itunesCategory: [{ text: 'Religion & Spirituality', subcats: [{ text: 'Christianity' }] }],
    language: 'en-gb',
    copyright: channel.churchName,
    namespaces: { iTunes: true, podcast: true },
    customElements: [
      { 'podcast:guid': podcastGuid(feedUrl) },
      // Only the church may move the feed to another host.
      { 'podcast:locked': [{ _attr: { owner: channel.ownerEmail } }, 'yes'] },
    ],
  });
  for (const { sermon, series } of episodes) {
    if (!sermon.audioFile || !sermon.audioMimeType || sermon.audioSize === null) continue;
    const summary = sermon.description || `${sermon.title}, preached by ${sermon.speaker}.`;
    feed.addItem({
      title: sermon.title,
      description: summary,
      itunesSummary: summary,
      url: `${channel.siteUrl}/media`,
      guid: sermon.podcastGuid,
      // The preaching day, at noon so no time zone moves it to another date.
      date: new Date(`${sermon.date}T12:00:00Z`),
      author: sermon.speaker,
      itunesAuthor: sermon.speaker,
      itunesExplicit: false,
      itunesEpisodeType: 'full',
      ...(sermon.audioDurationSeconds !== null && {
        itunesDuration: Math.round(Number(sermon.audioDurationSeconds)),
      }),
      ...(series && { categories: [series.title] }),
      enclosure: {
        url: `${channel.siteUrl}/media/${sermon.audioFile}`,
        size: sermon.audioSize,
        type: sermon.audioMimeType,
      },
    });
  }
  return withoutXmlInvalidCharacters(feed.buildXml());
}

/**
 * Characters XML 1.0 forbids even escaped (most C0 controls, U+FFFE, U+FFFF, lone surrogates): one in a
 * sermon's title would make the whole feed unreadable to every podcast app, so they are dropped.
 */
const XML_INVALID = /[\p{Cc}\p{Cs}\ufffe\uffff]/gu;
/** The controls XML does allow. */
const XML_WHITESPACE = new Set(['\t', '\n', '\r']);

function withoutXmlInvalidCharacters(xml: string): string {
  // DEL and the C1 controls are allowed too; in Unicode mode a lone surrogate is \p{Cs}, a pair is not.
  return xml.replace(XML_INVALID, (character) =>
    XML_WHITESPACE.has(character) || (character >= '\u007f' && character <= '\u009f') ? character : '',
  );
}
/** UUIDv5 (RFC 9562) of the feed's address without its scheme, as Podcasting 2.0 defines podcast:guid. */
function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const namespace = Buffer.from(PODCAST_GUID_NAMESPACE.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(name).digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
