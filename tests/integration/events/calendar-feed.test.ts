import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORNING_WORSHIP } from '../../support/church-content.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app?.close());

/** Next year, so the events are upcoming whenever the tests run. */
const year = new Date().getUTCFullYear() + 1;
const staffCall = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

function eventForm(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ description: 'All welcome', location: 'Church hall', ...fields }))
    data.append(name, value);
  return data;
}

async function calendarAt(path: string) {
  const response = await fetch(`${app.url}${path}`);
  const text = await response.text();
  return { response, text, entries: Object.values(ical.sync.parseICS(text)) };
}

const vevents = (entries: unknown[]) => entries.filter((entry): entry is VEvent => (entry as VEvent).type === 'VEVENT');

describe('the church calendar feed', () => {
  it('lists upcoming events with stable UIDs, on London time, and a SEQUENCE that grows with each staff edit', async () => {
    const created = await staffCall(
      'POST',
      '/api/events/',
      eventForm({ title: 'Summer Fair', date: `${year}-07-04T14:00`, end_date: `${year}-07-04T17:00` }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const first = await calendarAt('/calendar.ics');
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.text).toContain('BEGIN:VTIMEZONE');
    expect(first.entries.some((entry) => entry?.type === 'VTIMEZONE')).toBe(true);
    const fair = vevents(first.entries).find((entry) => entry.summary === 'Summer Fair')!;
    expect(fair.uid).toBe(`event-${id}@gatherchurch.org.uk`);
    expect(fair.start.toISOString()).toBe(`${year}-07-04T13:00:00.000Z`);
    expect(fair.start.tz).toBe('Europe/London');
    expect(fair.location).toBe('Church hall');
    expect(fair.dtstamp).toBeInstanceOf(Date);
    expect(fair.lastmodified).toBeInstanceOf(Date);
    const firstSequence = Number(fair.sequence);

    const edited = await staffCall(
      'PUT',
      `/api/events/${id}/`,
      eventForm({ title: 'Summer Fair', date: `${year}-07-04T15:00`, location: 'The park' }),
    );
    expect(edited.status).toBe(200);
    const again = vevents((await calendarAt('/calendar.ics')).entries).find(
      (entry) => entry.summary === 'Summer Fair',
    )!;
    expect(again.uid).toBe(fair.uid);
    expect(Number(again.sequence)).toBeGreaterThan(firstSequence);
    expect(again.start.toISOString()).toBe(`${year}-07-04T14:00:00.000Z`);
    expect(again.location).toBe('The park');
  });

  it('repeats the weekly services every week at the same London hour, either side of the clock change', async () => {
    const added = await staffCall('POST', '/api/services/', MORNING_WORSHIP);
    expect(added.status).toBe(201);

    const { entries } = await calendarAt('/calendar.ics');
    const worship = vevents(entries).find((entry) => entry.summary === 'Morning Worship')!;
    expect(worship.uid).toBe(`service-${added.body.id}@gatherchurch.org.uk`);
    expect(worship.rrule?.toString()).toContain('FREQ=WEEKLY');

    const winter = ical.expandRecurringEvent(worship, {
      from: new Date(`${year}-01-01T00:00:00Z`),
      to: new Date(`${year}-01-31T23:59:59Z`),
    });
    const summer = ical.expandRecurringEvent(worship, {
      from: new Date(`${year}-07-01T00:00:00Z`),
      to: new Date(`${year}-07-31T23:59:59Z`),
    });
    expect(winter.length).toBeGreaterThanOrEqual(4);
    expect(summer.length).toBeGreaterThanOrEqual(4);
    // 10:30 in London is 10:30 UTC in winter (GMT) and 09:30 UTC in summer (BST).
    for (const sunday of winter) expect([sunday.start.getUTCDay(), sunday.start.getUTCHours()]).toEqual([0, 10]);
    for (const sunday of summer) expect([sunday.start.getUTCDay(), sunday.start.getUTCHours()]).toEqual([0, 9]);
    for (const sunday of [...winter, ...summer]) expect(sunday.start.getUTCMinutes()).toBe(30);
  });

  it("gives each event a calendar file of its own, and none for an event that doesn't exist", async () => {
    const created = await staffCall(
      'POST',
      '/api/events/',
      eventForm({ title: 'Carol Service', date: `${year}-12-20T18:00` }),
    );
    const id = created.body.id as number;

    const { response, entries } = await calendarAt(`/events/${id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = vevents(entries);
    expect(events.map((entry) => entry.summary)).toEqual(['Carol Service']);
    expect(events[0]!.uid).toBe(`event-${id}@gatherchurch.org.uk`);
    expect(events[0]!.start.toISOString()).toBe(`${year}-12-20T18:00:00.000Z`);
    expect(entries.some((entry) => entry?.type === 'VTIMEZONE')).toBe(true);

    expect((await fetch(`${app.url}/events/999999/calendar.ics`)).status).toBe(404);
  });

  it('keeps a title with line breaks inside its own lines of the event file', async () => {
    const title = 'Harvest Supper\r\nX-INJECTED:yes\nEND:VCALENDAR';
    const created = await staffCall('POST', '/api/events/', eventForm({ title, date: `${year}-10-02T18:00` }));
    expect(created.status).toBe(201);

    const { response, text, entries } = await calendarAt(`/events/${created.body.id}/calendar.ics`);
    expect(response.status).toBe(200);
    const lines = text.split('\r\n');
    expect(lines.filter((line) => line.startsWith('X-INJECTED'))).toEqual([]);
    expect(lines.filter((line) => line === 'END:VCALENDAR')).toHaveLength(1);
    expect(text).toContain('X-WR-CALNAME:Harvest Supper X-INJECTED:yes END:VCALENDAR\r\n');
    expect(vevents(entries)).toHaveLength(1);
  });
});
