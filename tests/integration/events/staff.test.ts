import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasHeifTools, heicClaiming, heicWithLocation } from '../../support/pictures.js';
import { eventForm, form, required, StaffEvents, year } from '../../support/staff-events.js';

const site = StaffEvents.forFile();
const { photo, staffCall, createEvent, mediaFiles, exists, storedEvent, eventCount, processed, served } = site;

const MIB = 1024 * 1024;
const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

describe('creating an event', () => {
  it('stores every field and the image, and shows the event to visitors with its picture', async () => {
    const answer = await createEvent(
      {
        event_type: 'worship',
        end_date: `${year}-07-01T21:30`,
        venue_address: '1 Church Lane, London',
        organizer: 'Worship team',
        contact_email: 'Worship@Example.org',
        event_link: 'https://example.org/carols',
        link_type: 'register',
        button_text: 'Book a seat',
        capacity: '120',
        price: '12.5',
        status: 'upcoming',
        is_featured: 'true',
        is_special: 'on',
      },
      photo(site.jpeg, 'C:\\Users\\pastor\\carols.JPG'),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      title: 'Carols by candlelight',
      description: 'Songs and readings',
      // A date-time input's value is a time on the church's clock: 19:00 in London in July is 18:00 UTC.
      date: `${year}-07-01T18:00:00.000Z`,
      end_date: `${year}-07-01T20:30:00.000Z`,
      time: '7:00 PM',
      formatted_time: expect.stringMatching(new RegExp(`^\\w+day, 1 July ${year}, 7:00 PM$`)),
      location: 'Main hall',
      venue_address: '1 Church Lane, London',
      event_type: 'worship',
      status: 'upcoming',
      is_featured: true,
      is_special: true,
      event_link: 'https://example.org/carols',
      link_type: 'register',
      button_text: 'Book a seat',
      organizer: 'Worship team',
      contact_email: 'worship@example.org',
      capacity: 120,
      price: '12.50',
      // Shown once the worker has made its cleaned copy.
      image: null,
    });

    const shown = await processed(answer.body.id);
    expect(shown).toEqual({ ...answer.body, image: expect.stringMatching(/^\/media\/events\/[0-9a-f-]{36}\.webp$/) });
    const upcoming = await site.app.call('GET', '/api/events/upcoming/');
    expect(upcoming.body).toContainEqual(shown);
    const special = await site.app.call('GET', '/api/events/special/');
    expect(special.body.map((event: { id: number }) => event.id)).toContain(answer.body.id);

    const { bytes, type } = await served(shown.image);
    expect(type).toBe('image/webp');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 64, height: 36 });
    expect(await storedEvent(answer.body.id)).toMatchObject({
      price: '12.50',
      capacity: 120,
      image: shown.image.replace(/^\/media\//, ''),
    });
  });

  it.skipIf(!hasHeifTools)(
    'takes an iPhone HEIC picture and shows it upright as WebP, without its location',
    async () => {
      const heic = await heicWithLocation(640, 360);
      const answer = await createEvent({}, { bytes: heic, name: 'IMG_0003.HEIC', type: 'image/heic' });
      expect(answer.status).toBe(201);
      const shown = await processed(answer.body.id);
      expect(shown.image).toMatch(/^\/media\/events\/[0-9a-f-]{36}\.webp$/);
      const { bytes, type } = await served(shown.image);
      expect(type).toBe('image/webp');
      const picture = await sharp(bytes).metadata();
      expect([picture.width, picture.height, picture.exif, picture.orientation]).toEqual([
        360,
        640,
        undefined,
        undefined,
      ]);
    },
  );

  it.skipIf(!hasHeifTools)('refuses a HEIC picture whose header promises too many pixels', async () => {
    const bomb = await heicClaiming(20000, 20000);
    const [before, events] = [await mediaFiles(), await eventCount()];
    const answer = await createEvent({}, { bytes: bomb, name: 'IMG_0004.HEIC', type: 'image/heic' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ image: ['The image is too large to process.'] });
    expect([await mediaFiles(), await eventCount()]).toEqual([before, events]);
  });

  it('fills in the defaults and stores empty optional fields as null', async () => {
    const answer = await createEvent({ venue_address: '', organizer: '  ', price: '', capacity: '', event_type: '' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      event_type: 'special',
      status: 'upcoming',
      link_type: 'learn_more',
      button_text: 'Learn More',
      is_featured: false,
      is_special: false,
      image: null,
    });
    expect(await storedEvent(answer.body.id)).toMatchObject({
      endDate: null,
      venueAddress: null,
      organizer: null,
      contactEmail: null,
      eventLink: null,
      buttonText: null,
      capacity: null,
      price: null,
      image: null,
    });
  });

  it('takes times with an offset as the instants they name, and a free event at 0.00', async () => {
    const answer = await createEvent({
      date: `${year}-12-06T19:00:00+01:00`,
      end_date: `${year}-12-06T20:00:00.000Z`,
      price: '0',
      capacity: '0',
      event_link: '/contact',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      date: `${year}-12-06T18:00:00.000Z`,
      end_date: `${year}-12-06T20:00:00.000Z`,
      price: '0.00',
      capacity: 0,
      event_link: '/contact',
    });
  });
});

describe('refusing a bad event', () => {
  it('names each bad field, and keeps neither a row nor the image', async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ title: '' }, { title: ['This field may not be blank.'] }],
      [{ contact_email: 'pastor-at-church' }, { contact_email: ['Enter a valid email address.'] }],
      [{ event_link: 'not a link' }, { event_link: ['Enter a valid URL.'] }],
      [{ event_link: 'javascript:alert(1)' }, { event_link: ['Enter a valid URL.'] }],
      [{ price: '-5' }, { price: ['Ensure this value is greater than or equal to 0.'] }],
      [{ price: '9.999' }, { price: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ price: 'free' }, { price: ['A valid number is required.'] }],
      [{ capacity: '-1' }, { capacity: ['Ensure this value is greater than or equal to 0.'] }],
      [{ capacity: '2.5' }, { capacity: ['A valid integer is required.'] }],
      [{ date: 'tomorrow' }, { date: ['Enter a valid date and time.'] }],
      [{ end_date: `${year}-07-01T18:59` }, { end_date: ['The end date must not be before the start date.'] }],
      // 19:30 at UTC+2 is 17:30 UTC, before 19:00 in London (18:00 UTC): only the church's time zone can tell.
      [{ end_date: `${year}-07-01T19:30:00+02:00` }, { end_date: ['The end date must not be before the start date.'] }],
      [
        { event_type: 'party' },
        {
          event_type: [
            '"party" is not a valid choice. Choose one of: conference, outreach, youth, worship, community, training, fellowship, fundraising, missions, special.',
          ],
        },
      ],
      [
        { status: 'postponed' },
        { status: ['"postponed" is not a valid choice. Choose one of: upcoming, ongoing, completed, cancelled.'] },
      ],
      [{ is_featured: 'maybe' }, { is_featured: ['Must be a valid boolean.'] }],
    ];
    const rowsBefore = await eventCount();
    const filesBefore = await mediaFiles();
    for (const [fields, errors] of cases) {
      const answer = await createEvent(fields, photo());
      expect({ fields, status: answer.status, body: answer.body }).toEqual({ fields, status: 400, body: errors });
    }
    expect(await eventCount()).toBe(rowsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('asks for every required field the page left out', async () => {
    const answer = await staffCall('POST', '/api/events/', form({}));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      title: ['This field is required.'],
      description: ['This field is required.'],
      date: ['This field is required.'],
      location: ['This field is required.'],
    });
  });

  it('refuses a file that is not an image whatever it is called, and one over 10 MB', async () => {
    const rowsBefore = await eventCount();
    const filesBefore = await mediaFiles();
    const disguised = await createEvent(
      {},
      { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'poster.jpg', type: 'image/jpeg' },
    );
    expect(disguised.status).toBe(415);
    expect(disguised.body).toEqual({ image: [NOT_AN_IMAGE] });
    const script = await createEvent(
      {},
      { bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'x.png', type: 'image/png' },
    );
    expect(script.status).toBe(415);

    const huge = await createEvent(
      {},
      photo(Buffer.concat([site.jpeg, Buffer.alloc(10 * MIB + 1 - site.jpeg.length)])),
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ image: ['File is too large. The maximum size is 10 MB.'] });

    const wrongField = await createEvent({}, { ...photo(), field: 'cover_image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ cover_image: ['Unexpected file field. Send the file as "image".'] });

    expect(await eventCount()).toBe(rowsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('asks visitors to sign in', async () => {
    const rowsBefore = await eventCount();
    const answer = await site.app.call('POST', '/api/events/', form(eventForm(), photo()));
    expect(answer.status).toBe(401);
    expect(await eventCount()).toBe(rowsBefore);
  });
});

describe('editing an event', () => {
  it('replaces every field: optional ones left out become null, and the image stays', async () => {
    const created = await createEvent(
      { organizer: 'Youth team', capacity: '30', price: '5.00', is_featured: 'true', link_type: 'rsvp' },
      photo(),
    );
    const shown = await processed(created.body.id);
    const answer = await staffCall(
      'PUT',
      `/api/events/${created.body.id}/`,
      form({ ...eventForm(), title: 'Carols and mince pies', status: 'ongoing' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: created.body.id,
      title: 'Carols and mince pies',
      status: 'ongoing',
      organizer: null,
      capacity: null,
      price: null,
      is_featured: false,
      link_type: 'learn_more',
      image: shown.image,
    });
    expect(await storedEvent(created.body.id)).toMatchObject({
      title: 'Carols and mince pies',
      organizer: null,
      capacity: null,
      price: null,
      linkType: 'learn_more',
    });
    expect(await exists(shown.image)).toBe(true);
  });

  it('replaces the image and removes the old file', async () => {
    const created = await createEvent({}, photo());
    const before = await processed(created.body.id);
    const answer = await staffCall(
      'PUT',
      `/api/events/${created.body.id}/`,
      form(eventForm(), { bytes: site.png, name: 'new.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.image).toBeNull();
    const after = await processed(created.body.id);
    expect(after.image).toMatch(/^\/media\/events\/[0-9a-f-]{36}\.webp$/);
    expect(await sharp((await served(after.image)).bytes).metadata()).toMatchObject({ width: 16, height: 16 });
    expect(await exists(before.image)).toBe(false);
    const upcoming = await site.app.call('GET', '/api/events/upcoming/');
    expect(upcoming.body.find((event: { id: number }) => event.id === created.body.id).image).toBe(after.image);
  });

  it('keeps the old image and every field when the edit is refused', async () => {
    const created = await createEvent({}, photo());
    await processed(created.body.id);
    const filesBefore = await mediaFiles();
    const answer = await staffCall(
      'PUT',
      `/api/events/${created.body.id}/`,
      form({ ...eventForm(), price: '1.001' }, { bytes: site.png, name: 'new.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(400);
    expect(await mediaFiles()).toEqual(filesBefore);
    expect(await storedEvent(created.body.id)).toMatchObject({ title: required.title, image: expect.any(String) });
  });

  it('answers 404 for an unknown or malformed event and keeps no file sent to one', async () => {
    const filesBefore = await mediaFiles();
    for (const id of ['999999', 'abc', '0']) {
      const answer = await staffCall('PUT', `/api/events/${id}/`, form(eventForm(), photo()));
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found.' });
    }
    expect(await mediaFiles()).toEqual(filesBefore);
  });
});

describe('deleting an event', () => {
  it('removes the row and its image file', async () => {
    const created = await processed((await createEvent({}, photo())).body.id);
    const answer = await staffCall('DELETE', `/api/events/${created.id}/`);
    expect(answer.status).toBe(204);
    expect(await storedEvent(created.id)).toBeUndefined();
    expect(await exists(created.image)).toBe(false);
    const upcoming = await site.app.call('GET', '/api/events/upcoming/');
    expect(upcoming.body.map((event: { id: number }) => event.id)).not.toContain(created.id);

    expect(await staffCall('DELETE', `/api/events/${created.id}/`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });
});

describe('the temporary folder', () => {
  it('is empty once every upload above has finished, kept or refused', async () => {
    expect(await fs.readdir(path.join(site.app.mediaDir, '.incoming'))).toEqual([]);
  });
});
