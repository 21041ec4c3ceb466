import type { PollFormInput, StaffPoll } from '@gather/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { Staff } from './staff.js';

type Headers = Record<string, string>;

/** A live Q&A session made by staff (its own `filter_words` if given); answers its id. */
export async function qnaSession(app: TestApp, staff: Staff, fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await app.call(
    'POST',
    '/api/qna/sessions/',
    { title: 'Sunday Q&A', description: 'Ask', ...fields },
    staff.headers,
  );
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** A poll prepared by staff in the session, launched unless `open` is false. */
export async function poll(
  app: TestApp,
  staff: Staff,
  sessionId: string,
  form: PollFormInput,
  open = true,
): Promise<StaffPoll> {
  const created = await app.call('POST', `/api/qna/sessions/${sessionId}/polls/`, form, staff.headers);
  expect(created.status).toBe(201);
  if (!open) return created.body as StaffPoll;
  const opened = await app.call('POST', `/api/qna/polls/${created.body.id}/open/`, undefined, staff.headers);
  expect(opened.status).toBe(200);
  return opened.body as StaffPoll;
}

/** A phone on the question page: the device cookie the site gave it with the active poll. */
export async function phone(on: Pick<TestApp, 'url'>, sessionId: string): Promise<Headers> {
  const visit = await fetch(`${on.url}/api/qna/public/sessions/${sessionId}/polls/active/`);
  expect(visit.status).toBe(200);
  const cookie = visit.headers.getSetCookie().find((line) => line.startsWith('gather_device='));
  expect(cookie).toBeDefined();
  return { cookie: cookie!.split(';')[0]! };
}

export const answerPath = (pollId: string) => `/api/qna/public/polls/${pollId}/answer/`;
export const resultsPath = (pollId: string) => `/api/qna/polls/${pollId}/results/`;
