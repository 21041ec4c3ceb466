import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { toneRecording } from '../../support/recordings.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const PUBLIC_URL = 'https://gatherchurch.example';
let app: TestApp;
let staff: Staff;
let mp3: Buffer;
let folder: string;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL, CHURCH_NAME: 'Gather Church', PODCAST_OWNER_EMAIL: 'podcast@gather.example' });
  staff = await signInAsStaff(app);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'podcast-'));
  mp3 = toneRecording(folder, 'sermon.mp3', 4);
});
afterAll(async () => {
  await app?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const staffCall = (method: string, route: string, body?: unknown) => app.call(method, route, body, staff.headers);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Every value as the text it is, so a test reads what a podcast app reads.
  parseTagValue: false,
  isArray: (name) => name === 'item',
});

interface Episode {
  title: string;
  description: string;
  pubDate: string;
  guid: { '#text': string; '@isPermaLink': string };
  enclosure: { '@url': string; '@length': string; '@type': string };
  'itunes:duration': string;
}

async function readFeed() {
  const answer = await app.call('GET', '/podcast.xml');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  expect(XMLValidator.validate(answer.body)).toBe(true);
  const rss = parser.parse(answer.body).rss;
  return { rss, channel: rss.channel, items: (rss.channel.item ?? []) as Episode[] };
}

async function sermonWithAudio(fields: Record<string, string>) {
  const { body: created } = await staffCall('POST', '/api/sermons/', {
    speaker: 'Pastor Ruth',
    description: 'Psalm 23',
    ...fields,
  });
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(mp3)], { type: 'audio/mpeg' }), 'sermon.mp3');
  const { body } = await staffCall('PUT', `/api/sermons/${created.id}/audio/`, data);
  return body as { id: number; audio_url: string };
}

describe('the podcast feed', () => {
  it('has every channel tag Apple Podcasts and Spotify require', async () => {
    const { rss, channel } = await readFeed();
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    expect(channel.title).toBe('Gather Church Sermons');
    expect(channel.description).toMatch(/Gather Church/);
    expect(channel.link).toBe(`${PUBLIC_URL}/media`);
    expect(channel.language).toBe('en-gb');
    expect(channel['itunes:author']).toBe('Gather Church');
    expect(channel['itunes:explicit']).toBe('false');
    expect(channel['itunes:owner']).toEqual({
      'itunes:name': 'Gather Church',
      'itunes:email': 'podcast@gather.example',
    });
    expect(channel['itunes:category']).toEqual({
      '@text': 'Religion & Spirituality',
      'itunes:category': { '@text': 'Christianity' },
    });
    expect(channel['podcast:guid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(channel['podcast:locked']).toEqual({ '#text': 'yes', '@owner': 'podcast@gather.example' });

    const artworkUrl = channel['itunes:image']['@href'] as string;
    expect(artworkUrl).toBe(`${PUBLIC_URL}/podcast-artwork.jpg`);
    const artwork = await fetch(app.url + new URL(artworkUrl).pathname);
    expect(artwork.headers.get('content-type')).toBe('image/jpeg');
    const size = await sharp(Buffer.from(await artwork.arrayBuffer())).metadata();
    expect(size).toMatchObject({ format: 'jpeg', width: 3000, height: 3000, hasAlpha: false });
  });

  it('lists sermons with audio only, each with its enclosure, duration, date and a GUID an edit keeps', async () => {
    const { body: withoutAudio } = await staffCall('POST', '/api/sermons/', {
      title: 'Video Only',
      speaker: 'Pastor Ruth',
      date: '2026-03-08',
    });
    const older = await sermonWithAudio({ title: 'The Lord Is My Shepherd', date: '2026-03-01' });
    const newer = await sermonWithAudio({ title: 'Still Waters', date: '2026-03-15' });

    const { items } = await readFeed();
    expect(items.map((item) => item.title)).toEqual(['Still Waters', 'The Lord Is My Shepherd']);
    expect(items.map((item) => item.title)).not.toContain(withoutAudio.title);
    const [episode] = items;
    expect(episode!.description).toBe('Psalm 23');
    expect(new Date(episode!.pubDate).toISOString().slice(0, 10)).toBe('2026-03-15');
    expect(episode!['itunes:duration']).toBe('00:00:04');
    expect(episode!.enclosure).toEqual({
      '@url': `${PUBLIC_URL}${newer.audio_url}`,
      '@length': String(mp3.length),
      '@type': 'audio/mpeg',
    });
    expect(episode!.guid['@isPermaLink']).toBe('false');
    const guid = episode!.guid['#text'];
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(items[1]!.guid['#text']).not.toBe(guid);

    // An edit (new title, date, description) is shown at once, and the episode keeps its GUID.
    const edited = await staffCall('PUT', `/api/sermons/${newer.id}/`, {
      title: 'Beside Still Waters',
      speaker: 'Elder Marcus',
      date: '2026-03-22',
      description: 'Psalm 23:2',
    });
    expect(edited.status).toBe(200);
    const after = await readFeed();
    const same = after.items.find((item) => item.title === 'Beside Still Waters');
    expect(same?.guid['#text']).toBe(guid);
    expect(same?.description).toBe('Psalm 23:2');

    // Taking the recording away takes the episode out of the feed.
    await staffCall('DELETE', `/api/sermons/${older.id}/audio/`);
    expect((await readFeed()).items.map((item) => item.title)).toEqual(['Beside Still Waters']);
  });

  it('stays valid XML when a sermon title holds characters XML forbids', async () => {
    await sermonWithAudio({ title: 'Psalm\u0001 Twenty\ufffe-Three\uffff', date: '2026-04-05' });
    const answer = await app.call('GET', '/podcast.xml');
    expect(answer.status).toBe(200);
    // What XML 1.0 allows (its Char production); a strict reader refuses the whole feed for anything else.
    const forbidden = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
    expect(String(answer.body).match(forbidden)).toBeNull();
    const { items } = await readFeed();
    expect(items.map((item) => item.title)).toContain('Psalm Twenty-Three');
  });
});
