import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff } from '../../support/staff.js';

const TOO_DEEP = {
  non_field_errors: ['The request is nested too deeply: send no more than 32 levels of lists and objects.'],
};

/** `{"a":[[[…]]]}`: two bytes a level, so a body of a few KB goes thousands of levels deep. */
const nestedBody = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

const contactForm = {
  name: 'Mary Prince',
  email: 'mary@example.org',
  subject: 'Visiting',
  message: 'Hello there',
};

/** CPU time this process (the test and the API it runs) spends on `work`, in microseconds. */
async function cpuTimeOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const times = (count: number, send: () => Promise<unknown>) => async () => {
  for (let sent = 0; sent < count; sent++) await send();
};

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('a deeply nested JSON body', () => {
  it('9,000 levels deep (18 KB) is refused with 400 in plain words, never a 500, and nothing is kept', async () => {
    const answer = await app.call('POST', '/api/contact/', nestedBody(9000));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(TOO_DEEP);
    expect(await app.ctx.db.$count(contactSubmissions)).toBe(0);
  });

  it("is refused at 33 levels; 32 levels reach the form's own checks", async () => {
    const lists = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    expect((await app.call('POST', '/api/contact/', lists(33))).body).toEqual(TOO_DEEP);
    const at32 = await app.call('POST', '/api/contact/', lists(32));
    expect(at32.status).toBe(400);
    expect(at32.body).not.toEqual(TOO_DEEP);
  });

  it('is refused inside a form too, while brackets inside text are only text', async () => {
    const deepInForm = JSON.stringify({ ...contactForm, message: 'x' }).replace('"x"', nestedBody(40));
    expect((await app.call('POST', '/api/contact/', deepInForm)).body).toEqual(TOO_DEEP);
    const message = `${'[['.repeat(100)} {{ \\" [`;
    expect((await app.call('POST', '/api/contact/', { ...contactForm, message })).status).toBe(201);
  });

  it('sent to a staff endpoint without signing in is not read: the answer is 401', async () => {
    const answer = await app.call('POST', '/api/qna/sessions/', '{"title": [[[');
    expect(answer.status).toBe(401);
  });

  it('4,000 levels deep (8 KB) costs the server about what a small wrong form costs', async () => {
    const smallWrongForm = JSON.stringify({ ...contactForm, email: 'not an address' });
    // Warm both paths first, so neither pays for loading code.
    await app.call('POST', '/api/contact/', smallWrongForm);
    await app.call('POST', '/api/contact/', nestedBody(4000));
    const small = await cpuTimeOf(times(20, () => app.call('POST', '/api/contact/', smallWrongForm)));
    const deep = await cpuTimeOf(times(20, () => app.call('POST', '/api/contact/', nestedBody(4000))));
    // Generous: before the limit a deep body cost many times a small one (0.6 s of CPU each in production).
    expect(deep).toBeLessThan(small * 4);
  });

  it('twenty in flight at once are all refused while /api/health/ answers', async () => {
    const deep = Array.from({ length: 20 }, () => app.call('POST', '/api/contact/', nestedBody(4000)));
    const health = await app.call('GET', '/api/health/');
    expect(health.status).toBe(200);
    expect((await Promise.all(deep)).map((answer) => answer.status)).toEqual(Array(20).fill(400));
  });

  it('sent in UTF-16 is refused unread (415), so the depth check cannot be stepped around', async () => {
    const response = await fetch(`${app.url}/api/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from(nestedBody(9000), 'utf16le'),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ detail: 'Send JSON in UTF-8.' });
  });
});

describe('a large JSON body', () => {
  it("over 100 KB on a visitor's form is refused unread with 413; a staff form of that size is read", async () => {
    const kept = await app.ctx.db.$count(contactSubmissions);
    const answer = await app.call('POST', '/api/contact/', { ...contactForm, message: 'x'.repeat(150_000) });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: 'The request body is too large.' });
    expect(await app.ctx.db.$count(contactSubmissions)).toBe(kept);

    const staff = await signInAsStaff(app);
    const long = { title: 'Sunday Q&A', description: 'x'.repeat(150_000) };
    const staffAnswer = await app.call('POST', '/api/qna/sessions/', long, staff.headers);
    expect(staffAnswer.status).toBe(400);
    expect(Object.keys(staffAnswer.body)).toEqual(['description']);
  });
});
