import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { qnaVotes } from '@gather/server/platform/database/schema/qna';
import { qnaSession } from './polls.js';
import type { TestApp } from './app.js';
import { inQnaRoom, type AudienceSocket, type LiveClient, type StaffSocket } from './live.js';
import { CallsOnSite, startedPerFile, startStaffSite, type StaffSite } from './per-file.js';

export type Headers = Record<string, string>;
export type PhoneQuestion = { id: number; status: string; votes: number; voted: boolean };

export const publicSessionPath = (id: string) => `/api/qna/public/sessions/${id}`;
export const voteUrl = (sessionId: string, questionId: number) =>
  `${publicSessionPath(sessionId)}/questions/${questionId}/vote/`;

/** What the Q&A tests ask of one site, as its staff member or as a phone. */
export class QnaCalls extends CallsOnSite<StaffSite> {
  private constructor(
    site: () => StaffSite,
    private readonly clients: Array<LiveClient<unknown>>,
  ) {
    super(site);
  }

  /** A fresh API and a signed-in staff member for one test file, closed with the sockets it opened after the file. */
  static forFile(): QnaCalls {
    const clients: Array<LiveClient<unknown>> = [];
    const site = startedPerFile('The Q&A test site', async () => {
      const started = await startStaffSite();
      return {
        ...started,
        close: async () => {
          for (const client of clients) client.close();
          await started.close();
        },
      };
    });
    return new QnaCalls(site, clients);
  }

  asStaff(method: string, path: string, body?: unknown) {
    return this.app.call(method, path, body, this.staff.headers);
  }

  createSession(fields: Record<string, unknown> = {}): Promise<string> {
    return qnaSession(this.app, this.staff, fields);
  }

  /** A phone: the device cookie the site gave it on its first visit to the question page. */
  async phone(sessionId: string, on: TestApp = this.app): Promise<Headers> {
    const visit = await on.call('GET', `${publicSessionPath(sessionId)}/questions/`);
    expect(visit.status).toBe(200);
    const cookie = visit.headers.get('set-cookie');
    expect(cookie).toMatch(/^gather_device=[^;]+;/);
    return { cookie: cookie!.split(';')[0]! };
  }

  async ask(sessionId: string, text: string, device: Headers = {}, name = ''): Promise<PhoneQuestion> {
    const answer = await this.app.call('POST', `${publicSessionPath(sessionId)}/submit/`, { text, name }, device);
    expect(answer.status).toBe(201);
    return answer.body as PhoneQuestion;
  }

  async visibleTo(device: Headers, sessionId: string): Promise<PhoneQuestion[]> {
    const answer = await this.app.call('GET', `${publicSessionPath(sessionId)}/questions/`, undefined, device);
    expect(answer.status).toBe(200);
    return answer.body as PhoneQuestion[];
  }

  async staffQuestions(sessionId: string) {
    const answer = await this.asStaff('GET', `/api/qna/sessions/${sessionId}/questions/`);
    expect(answer.status).toBe(200);
    return answer.body as Array<{ id: number; status: string; votes: number; flagged: boolean }>;
  }

  async audience(sessionId: string): Promise<LiveClient<AudienceSocket>> {
    const client = await inQnaRoom<AudienceSocket>(this.app, 'audience', sessionId);
    this.clients.push(client);
    return client;
  }

  async moderator(sessionId: string): Promise<LiveClient<StaffSocket>> {
    const client = await inQnaRoom<StaffSocket>(this.app, 'staff', sessionId, this.staff.headers.cookie);
    this.clients.push(client);
    return client;
  }

  storedVotes(questionId: number) {
    return this.app.ctx.db.$count(qnaVotes, eq(qnaVotes.questionId, questionId));
  }
}
