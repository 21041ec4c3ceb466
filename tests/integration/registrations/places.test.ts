import { LIVE_ERRORS } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { caller } from '../../support/http.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { eventTakingSignUps, newEvent, signUp } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let second: ApiProcess;
let staff: Staff;
const sockets: Array<LiveClient<AudienceSocket> | LiveClient<StaffSocket>> = [];

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
  second = await startApiProcess(app);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.stop();
  await app?.close();
});

describe('places on an event', () => {
  it('gives exactly the places there are when 200 sign up at once on two API processes', async () => {
    const eventId = await eventTakingSignUps(app, staff, { capacity: 50 });
    const callSecond = caller(second.url);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        signUp(index % 2 ? app : { call: callSecond }, eventId, {
          name: `Guest ${index}`,
          email: `guest${index}@example.org`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201)).toEqual([]);
    const confirmed = answers.filter((answer) => answer.body.status === 'confirmed');
    const waiting = answers.filter((answer) => answer.body.status === 'waitlisted');
    expect(confirmed).toHaveLength(50);
    expect(waiting).toHaveLength(150);
    // Every place on the waiting list is given once, 1 to 150.
    expect(waiting.map((answer) => answer.body.waitlist_position as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 150 }, (_, index) => index + 1),
    );

    const state = await app.call('GET', `/api/events/${eventId}/registration/`);
    expect(state.body).toMatchObject({ open: true, places_left: 0, waitlist: true });
    const list = await app.call('GET', `/api/admin/events/${eventId}/registrations/`, undefined, staff.headers);
    expect(list.body.counts).toMatchObject({ capacity: 50, places_taken: 50, confirmed: 50, waitlisted: 150 });
  }, 120_000);

  it('counts a party as its people, refuses a party above the limit, and answers 409 when full with no list', async () => {
    const eventId = await eventTakingSignUps(app, staff, { capacity: 5, waitlist: false, max_party: 3 });
    const party = await signUp(app, eventId, { party: 3 });
    expect(party.status).toBe(201);
    expect(party.body).toMatchObject({ status: 'confirmed', places_left: 2 });
    const tooMany = await signUp(app, eventId, { party: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.party).toEqual(['One sign-up may bring at most 3 people.']);
    expect((await signUp(app, eventId, { party: 3 })).status).toBe(409);
    expect((await signUp(app, eventId, { party: 2 })).body.status).toBe('confirmed');
    const full = await signUp(app, eventId);
    expect([full.status, full.body.detail]).toEqual([409, 'This event is full.']);
  });

  it("checks answers against the event's own questions", async () => {
    const eventId = await eventTakingSignUps(app, staff, {
      questions: [
        { id: 'diet', label: 'Dietary needs', kind: 'text' },
        { id: 'room', label: 'Room', kind: 'choice', choices: ['Single', 'Shared'], required: true },
        { id: 'child', label: 'Bringing a child?', kind: 'yes_no' },
      ],
    });
    const missing = await signUp(app, eventId, { answers: { diet: 'Vegan' } });
    expect(missing.status).toBe(400);
    expect(missing.body['answers.room']).toEqual(['This field is required.']);
    const wrong = await signUp(app, eventId, { answers: { room: 'Tent', child: 'maybe' } });
    expect(wrong.body).toMatchObject({
      'answers.room': ['Choose one of: Single, Shared.'],
      'answers.child': ['Must be true or false.'],
    });
    const fine = await signUp(app, eventId, { answers: { room: 'Shared', child: true, unasked: 'dropped' } });
    expect(fine.status).toBe(201);
    const list = await app.call('GET', `/api/admin/events/${eventId}/registrations/`, undefined, staff.headers);
    expect(list.body.registrations[0].answers).toEqual({ room: 'Shared', child: true });
  });

  it('is off by default, and closed before it opens', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Quiet day',
      description: 'x',
      location: 'y',
      date: '2099-01-01T10:00',
    }))
      form.append(name, value);
    const plain = await app.call('POST', '/api/events/', form, staff.headers);
    expect((await app.call('GET', `/api/events/${plain.body.id}/registration/`)).body).toMatchObject({
      enabled: false,
      open: false,
    });
    expect((await signUp(app, plain.body.id)).status).toBe(409);
    const later = await eventTakingSignUps(app, staff, { opens_at: '2098-01-01T00:00:00Z' });
    const early = await signUp(app, later);
    expect([early.status, early.body.detail]).toEqual([409, 'Sign-ups for this event are closed.']);
  });

  it('pushes the places left to every open event page', async () => {
    const eventId = await eventTakingSignUps(app, staff, { capacity: 10 });
    const page = await connectLive<AudienceSocket>(app, 'audience');
    sockets.push(page);
    const joined = await new Promise((resolve) => page.socket.emit('event:join', String(eventId), resolve));
    expect(joined).toEqual({ ok: true });
    // Signed up on the other API process: the page hears it all the same.
    await signUp({ call: caller(second.url) }, eventId, { party: 3 });
    expect(await page.next('event:places', (payload) => payload.places_left === 7)).toEqual({
      event_id: eventId,
      places_left: 7,
    });
  });
});

describe("staff following an event's sign-ups", () => {
  it('follow an event opened before its sign-ups were turned on, and hear of the first sign-up', async () => {
    const eventId = await newEvent(app, staff);
    const office = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: staff.headers });
    sockets.push(office);
    const join = (id: number) => new Promise((resolve) => office.socket.emit('event:join', String(id), resolve));
    expect(await join(eventId)).toEqual({ ok: true });
    expect(await join(eventId + 1000)).toEqual({ ok: false, error: LIVE_ERRORS.notFound });

    const settings = { enabled: true, capacity: 5, max_party: 4 };
    expect((await app.call('PUT', `/api/admin/events/${eventId}/registration/`, settings, staff.headers)).status).toBe(
      200,
    );
    expect((await signUp(app, eventId, { party: 2 })).status).toBe(201);
    const news = await office.next('registrations:counts', (payload) => payload.counts.places_taken === 2);
    expect(news).toMatchObject({ event_id: eventId, counts: { capacity: 5, confirmed: 1 } });
  });
});

describe('the sign-up form before its script has loaded', () => {
  const plainPost = (eventId: number, fields: Record<string, string>) =>
    fetch(`${app.url}/api/events/${eventId}/register/form/`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  it('signs up by a plain form post and sends the visitor back to the event page with the outcome', async () => {
    const eventId = await eventTakingSignUps(app, staff, {
      capacity: 2,
      questions: [{ id: 'child', label: 'Bringing a child?', kind: 'yes_no', required: true }],
    });
    const fields = { name: 'Ann Cole', email: 'ann@example.org', party: '2', 'answers.child': 'yes' };
    const signed = await plainPost(eventId, { ...fields, newsletter_consent: 'on' });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`/events/${eventId}?signed_up=confirmed#sign-up`);
    const waiting = await plainPost(eventId, { ...fields, email: 'ben@example.org' });
    expect(waiting.headers.get('location')).toBe(`/events/${eventId}?signed_up=waitlisted&place=1#sign-up`);
    const list = await app.call('GET', `/api/admin/events/${eventId}/registrations/`, undefined, staff.headers);
    expect(list.body.registrations[0]).toMatchObject({ party: 2, answers: { child: true } });

    const wrong = await plainPost(eventId, { ...fields, email: 'not an address' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe(
      `/events/${eventId}?sign_up_error=${encodeURIComponent('Enter a valid email address.')}#sign-up`,
    );
  });
});
