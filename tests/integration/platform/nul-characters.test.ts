import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@gather/server/platform/database/schema/events';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const NUL_REFUSED = ['Null characters are not allowed.'];

let app: TestApp;
let staff: Staff;

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app?.close());

describe('a NUL character (which PostgreSQL cannot store) in what a client sends', () => {
  it('is refused in a visitor form with a message on its field, and nothing is stored', async () => {
    const answer = await app.call('POST', '/api/contact/', {
      name: 'Mary Prince',
      email: 'mary@example.org',
      subject: 'Visiting',
      message: 'Hello\u0000there',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: NUL_REFUSED });
    expect(await app.ctx.db.$count(contactSubmissions)).toBe(0);
  });

  it('is refused in a staff form sent as JSON', async () => {
    const answer = await app.call(
      'POST',
      '/api/qna/sessions/',
      { title: 'Sunday\u0000 Q&A', description: 'Questions for the panel' },
      staff.headers,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ title: NUL_REFUSED });
  });

  it('is refused in a staff form sent as multipart', async () => {
    const form = new FormData();
    const fields = { title: 'Carols', description: 'Songs\u0000', location: 'Main hall', date: '2030-07-01T19:00' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const answer = await app.call('POST', '/api/events/', form, staff.headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ description: NUL_REFUSED });
    expect(await app.ctx.db.$count(events)).toBe(0);
  });

  it('is refused in a search parameter', async () => {
    const answer = await app.call('GET', '/api/admin/contact-submissions/?search=a%00b', undefined, staff.headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ search: NUL_REFUSED });
  });
});
