import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@gather/server/platform/database/schema/events';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Hornsey Vale Fellowship', CHURCH_TIMEZONE: 'Europe/London' });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

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
