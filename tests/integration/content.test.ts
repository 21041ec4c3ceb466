import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumImages, albums } from '@gather/server/platform/database/schema/albums';
import { events } from '@gather/server/platform/database/schema/events';
import { homepageContent } from '@gather/server/platform/database/schema/homepage';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { services } from '@gather/server/platform/database/schema/services';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

describe('sermons', () => {
  const dates = ['2026-03-01', '2026-05-10', '2026-01-04', '2026-04-12', '2026-02-08', '2026-06-07', '2026-05-24'];
  const extra = ['2026-02-22', '2026-03-15'];
  const newestFirst = [...dates, ...extra].sort().reverse();

  beforeAll(async () => {
    await app.ctx.db.insert(sermons).values([
      ...dates.map((date, index) => ({ title: `Sermon ${date}`, speaker: `Speaker ${index}`, date })),
      {
        title: 'Grace for the Weary',
        speaker: 'Pastor Daniel',
        date: extra[0]!,
        description: 'Matthew 11',
        thumbnail: 'sermons/grace.jpg',
        videoUrl: 'https://www.youtube.com/watch?v=Zt2kM9yQ6cD',
      },
      {
        title: 'Faith That Works',
        speaker: 'Elder Marcus',
        date: extra[1]!,
        thumbnail: 'https://img.youtube.com/vi/Lw5nB8xJ3fG/hqdefault.jpg',
      },
    ]);
  });

  it('lists every sermon, newest first, with the spec fields', async () => {
    const answer = await app.call('GET', '/api/sermons/');
    expect(answer.status).toBe(200);
    expect(answer.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst);
    const grace = answer.body.find((sermon: { title: string }) => sermon.title === 'Grace for the Weary');
    expect(grace).toEqual({
      id: expect.any(Number),
      title: 'Grace for the Weary',
      speaker: 'Pastor Daniel',
      date: '2026-02-22',
      description: 'Matthew 11',
      thumbnail: '/media/sermons/grace.jpg',
      video_url: 'https://www.youtube.com/watch?v=Zt2kM9yQ6cD',
      series: null,
      audio_url: null,
      audio_type: null,
      audio_size: null,
      audio_duration_seconds: null,
    });
  });

  it('keeps a stored absolute thumbnail link and answers null without one', async () => {
    const { body } = await app.call('GET', '/api/sermons/');
    const byTitle = (title: string) => body.find((sermon: { title: string }) => sermon.title === title);
    expect(byTitle('Faith That Works').thumbnail).toBe('https://img.youtube.com/vi/Lw5nB8xJ3fG/hqdefault.jpg');
    expect(byTitle('Faith That Works').video_url).toBeNull();
    expect(byTitle('Sermon 2026-01-04').thumbnail).toBeNull();
  });

  it('gives the seven newest by default and as many as asked with ?limit=', async () => {
    const seven = await app.call('GET', '/api/sermons/latest/');
    expect(seven.status).toBe(200);
    expect(seven.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst.slice(0, 7));

    const three = await app.call('GET', '/api/sermons/latest/?limit=3');
    expect(three.body.map((sermon: { date: string }) => sermon.date)).toEqual(newestFirst.slice(0, 3));
  });

  it('refuses a limit outside 1..50 with a message under limit', async () => {
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const answer = await app.call('GET', `/api/sermons/latest/?limit=${limit}`);
      expect(answer.status, `limit=${limit}`).toBe(400);
      expect(answer.body.limit, `limit=${limit}`).toEqual([expect.any(String)]);
    }
    const answer = await app.call('GET', '/api/sermons/latest/?limit=0');
    expect(answer.body).toEqual({ limit: ['Ensure this value is greater than or equal to 1.'] });
  });
});

describe('events', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const rows = await app.ctx.db
      .insert(events)
      .values([
        { title: 'Far special', description: 'd', location: 'Hall', date: fromNow(20), isSpecial: true },
        { title: 'Finished', description: 'd', location: 'Hall', date: fromNow(-10), status: 'completed' },
        {
          title: 'Ongoing retreat',
          description: 'd',
          location: 'Retreat centre',
          date: fromNow(-1),
          endDate: fromNow(1),
          isSpecial: true,
        },
        {
          title: 'Finished special',
          description: 'd',
          location: 'Hall',
          date: fromNow(-5),
          endDate: fromNow(-4),
          isSpecial: true,
        },
        {
          title: 'Youth night',
          description: 'Games and pizza',
          location: 'Youth Room',
          venueAddress: 'London N8',
          date: fromNow(2),
          eventType: 'youth',
          linkType: 'rsvp',
          eventLink: '/contact',
          organizer: 'Youth Team',
          contactEmail: 'youth@example.org',
          capacity: 60,
          price: '10',
          image: 'events/youth.webp',
          isFeatured: true,
        },
        {
          title: 'Summer picnic',
          description: 'd',
          location: 'Park',
          date: new Date('2099-07-04T18:30:00Z'),
          linkType: 'sign_up',
          buttonText: 'Bring a blanket',
        },
        { title: 'Carol service', description: 'd', location: 'Hall', date: new Date('2099-12-06T19:00:00Z') },
      ])
      .returning({ id: events.id, title: events.title });
    for (const row of rows) ids[row.title] = row.id;
  });

  const titles = (body: Array<{ title: string }>) => body.map((event) => event.title);

  it('lists every event, earliest first', async () => {
    const answer = await app.call('GET', '/api/events/');
    expect(answer.status).toBe(200);
    expect(titles(answer.body)).toEqual([
      'Finished',
      'Finished special',
      'Ongoing retreat',
      'Youth night',
      'Far special',
      'Summer picnic',
      'Carol service',
    ]);
  });

  it('lists upcoming events soonest first, keeping ongoing ones and leaving out finished ones', async () => {
    const answer = await app.call('GET', '/api/events/upcoming/');
    expect(answer.status).toBe(200);
    expect(titles(answer.body)).toEqual([
      'Ongoing retreat',
      'Youth night',
      'Far special',
      'Summer picnic',
      'Carol service',
    ]);
  });

  it('lists only special events that have not ended', async () => {
    const answer = await app.call('GET', '/api/events/special/');
    expect(answer.status).toBe(200);
    expect(titles(answer.body)).toEqual(['Ongoing retreat', 'Far special']);
    expect(answer.body.every((event: { is_special: boolean }) => event.is_special)).toBe(true);
  });

  it('answers every event field, with money as text and the image as a media URL', async () => {
    const { body } = await app.call('GET', '/api/events/upcoming/');
    const youth = body.find((event: { title: string }) => event.title === 'Youth night');
    const [stored] = await app.ctx.db.select().from(events).where(eq(events.id, ids['Youth night']!));
    expect(youth).toEqual({
      id: ids['Youth night'],
      title: 'Youth night',
      description: 'Games and pizza',
      date: stored!.date.toISOString(),
      end_date: null,
      time: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/),
      formatted_time: expect.stringMatching(/^\w+day, \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} (AM|PM)$/),
      location: 'Youth Room',
      venue_address: 'London N8',
      event_type: 'youth',
      status: 'upcoming',
      is_featured: true,
      is_special: false,
      event_link: '/contact',
      link_type: 'rsvp',
      button_text: 'RSVP',
      organizer: 'Youth Team',
      contact_email: 'youth@example.org',
      capacity: 60,
      price: '10.00',
      image: '/media/events/youth.webp',
    });
  });

  it('gives times in the church time zone, British summer time included', async () => {
    const { body } = await app.call('GET', '/api/events/');
    const byTitle = (title: string) => body.find((event: { title: string }) => event.title === title);
    expect(byTitle('Carol service')).toMatchObject({
      date: '2099-12-06T19:00:00.000Z',
      time: '7:00 PM',
      formatted_time: 'Sunday, 6 December 2099, 7:00 PM',
      event_type: 'special',
      link_type: 'learn_more',
      button_text: 'Learn More',
      price: null,
      image: null,
    });
    expect(byTitle('Summer picnic')).toMatchObject({
      time: '7:30 PM',
      formatted_time: 'Saturday, 4 July 2099, 7:30 PM',
      button_text: 'Bring a blanket',
    });
    expect(byTitle('Ongoing retreat').end_date).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });
});

describe('weekly services', () => {
  beforeAll(async () => {
    await app.ctx.db.insert(services).values([
      { name: 'Evening Prayer', day: 'Sunday', time: '7:00 PM', description: 'Quiet prayer' },
      { name: 'Youth Meeting', day: 'Friday', time: '7:00 PM', description: 'Youth' },
      {
        name: 'Main Service',
        day: 'Sunday',
        time: '10:00 AM',
        description: 'Worship',
        zoomLink: 'https://zoom.us/j/1',
      },
      { name: 'Old Choir', day: 'Tuesday', time: '6:00 PM', description: 'Paused', isActive: false },
      { name: 'Grow in the Word', day: 'Monday', time: '7:00 PM', description: 'Bible study' },
    ]);
  });

  it('lists active services Monday to Sunday, earlier first on the same day', async () => {
    const answer = await app.call('GET', '/api/services/');
    expect(answer.status).toBe(200);
    expect(answer.body.map((service: { name: string }) => service.name)).toEqual([
      'Grow in the Word',
      'Youth Meeting',
      'Main Service',
      'Evening Prayer',
    ]);
    expect(answer.body[2]).toEqual({
      id: expect.any(Number),
      name: 'Main Service',
      day: 'Sunday',
      time: '10:00 AM',
      description: 'Worship',
      zoom_link: 'https://zoom.us/j/1',
      is_active: true,
    });
  });
});

describe('albums and their photos', () => {
  let full: number;
  let empty: number;
  const photoIds: Record<string, number> = {};

  beforeAll(async () => {
    const [older, newer] = await app.ctx.db
      .insert(albums)
      .values([
        {
          title: 'Easter Sunday',
          description: 'Sunrise',
          coverImage: 'albums/cover.webp',
          createdAt: fromNow(-10),
          isFeatured: true,
        },
        { title: 'Baptism Sunday', createdAt: fromNow(-1) },
      ])
      .returning({ id: albums.id });
    full = older!.id;
    empty = newer!.id;
    // Inserted newest first, so only created_at (not id) can put them in the right order.
    const stored = await app.ctx.db
      .insert(albumImages)
      .values(
        ['third', 'second', 'first'].map((title, index) => ({
          albumId: full,
          title,
          image: `albums/${title}.jpg`,
          originalFilename: `IMG_${title}.jpg`,
          uploaderName: 'Media Team',
          status: 'ready',
          createdAt: fromNow(-1 - index),
        })),
      )
      .returning({ id: albumImages.id, title: albumImages.title });
    for (const row of stored) photoIds[row.title] = row.id;
    // A photo still being processed is not shown to visitors, nor counted.
    await app.ctx.db
      .insert(albumImages)
      .values({ albumId: full, title: 'arriving', image: 'albums/arriving.jpg', createdAt: fromNow(-10) });
  });

  it('lists albums newest first with cover, first photo and photo count', async () => {
    const answer = await app.call('GET', '/api/albums/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: empty,
        title: 'Baptism Sunday',
        description: '',
        cover_image: null,
        is_featured: false,
        created_at: expect.any(String),
        first_photo: null,
        photo_count: 0,
      },
      {
        id: full,
        title: 'Easter Sunday',
        description: 'Sunrise',
        cover_image: '/media/albums/cover.webp',
        is_featured: true,
        created_at: expect.any(String),
        first_photo: { id: photoIds.first, image: '/media/albums/first.jpg' },
        photo_count: 3,
      },
    ]);
  });

  it('answers the public album list the same way', async () => {
    const [plain, publicList] = await Promise.all([
      app.call('GET', '/api/albums/'),
      app.call('GET', '/api/albums/public/'),
    ]);
    expect(publicList.status).toBe(200);
    expect(publicList.body).toEqual(plain.body);
  });

  it("lists an album's photos oldest first", async () => {
    const answer = await app.call('GET', `/api/gallery/album/${full}/`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((photo: { title: string }) => photo.title)).toEqual(['first', 'second', 'third']);
    expect(answer.body[0]).toEqual({
      id: photoIds.first,
      title: 'first',
      description: '',
      image: '/media/albums/first.jpg',
      file: '/media/albums/first.jpg',
      status: 'ready',
      thumbnail: null,
      original_filename: 'IMG_first.jpg',
      uploader_name: 'Media Team',
      created_at: expect.any(String),
      uploaded_at: answer.body[0].created_at,
    });
    expect((await app.call('GET', `/api/gallery/album/${empty}/`)).body).toEqual([]);
  });

  it('answers 404 for an unknown or malformed album id', async () => {
    for (const albumId of [String(full + empty + 1000), 'abc', '0', '-1', '99999999999']) {
      const answer = await app.call('GET', `/api/gallery/album/${albumId}/`);
      expect(answer.status, albumId).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('home page texts', () => {
  it('answers defaults naming the church before any are stored, then the stored row', async () => {
    const before = await app.call('GET', '/api/homepage/');
    expect(before.status).toBe(200);
    expect(Object.keys(before.body).sort()).toEqual(
      ['heroCta', 'heroSubtitle', 'heroTitle', 'welcomeMessage', 'welcomeTitle'].sort(),
    );
    expect(before.body.heroTitle).toContain('Hornsey Vale Fellowship');
    for (const text of Object.values(before.body)) expect(text).toEqual(expect.stringMatching(/\S/));

    const stored = {
      heroTitle: 'Come Home',
      heroSubtitle: 'Every Sunday at 10',
      heroCta: 'Plan a Visit',
      welcomeTitle: 'Hello',
      welcomeMessage: 'Glad you are here.',
    };
    await app.ctx.db.insert(homepageContent).values(stored);
    app.publicCache.changed();
    expect((await app.call('GET', '/api/homepage/')).body).toEqual(stored);
  });
});
