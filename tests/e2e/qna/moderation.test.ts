import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions } from '@gather/server/platform/database/schema/qna';
import type { Staff } from '../../support/staff.js';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** Long enough for the 3 s poll and a slow machine; the checks pass as soon as the screen shows it. */
const WAIT = { timeout: 15_000, interval: 200 };

async function openSession(staff: Staff, title: string): Promise<string> {
  const answer = await site.app.call(
    'POST',
    '/api/qna/sessions/',
    { title, description: 'Questions for the panel after the morning service.' },
    staff.headers,
  );
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** A visitor in their own browser asks through the public submit API. */
async function askFromAnotherBrowser(sessionId: string, text: string): Promise<number> {
  const visitor = await site.newPage({ viewport: 'phone' });
  const answer = await visitor.request.post(`/api/qna/public/sessions/${sessionId}/submit/`, {
    data: { text, category: 'faith', name: 'Grace' },
    headers: { origin: site.url },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

async function startReview(page: Page, sessionId: string) {
  await page.goto(`/qna/view/${sessionId}`);
  await page.getByRole('button', { name: 'Start Question Review' }).click();
}

describe('live Q&A moderation', () => {
  it('shows a question the moment a visitor asks it, without a reload', async () => {
    const { page, staff } = await site.staffPage();
    const sessionId = await openSession(staff, 'Sunday panel');
    await startReview(page, sessionId);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).isVisible(), WAIT).toBe(true);
    expect(await page.getByText('How do I get baptised?').count()).toBe(0);

    await askFromAnotherBrowser(sessionId, 'How do I get baptised?');
    await expect.poll(() => page.getByText('How do I get baptised?').isVisible(), WAIT).toBe(true);
  });

  it('still gets new questions by polling when the live connection is blocked', async () => {
    const { page, staff } = await site.staffPage();
    await page.route('**/socket.io/**', (route) => route.abort());
    const sessionId = await openSession(staff, 'Youth night');
    await startReview(page, sessionId);
    await expect.poll(() => page.getByText(/Offline/).isVisible(), WAIT).toBe(true);

    await askFromAnotherBrowser(sessionId, 'Is there a youth trip this summer?');
    await expect.poll(() => page.getByText('Is there a youth trip this summer?').isVisible(), WAIT).toBe(true);
  });

  it('answers a question in presentation mode, which removes it for good', async () => {
    const { page, staff } = await site.staffPage();
    const sessionId = await openSession(staff, 'Members meeting');
    const questionId = await askFromAnotherBrowser(sessionId, 'When will the new hall open?');
    await startReview(page, sessionId);
    await page.getByRole('button', { name: 'Present' }).click();

    const presentation = page.getByRole('dialog', { name: 'Presentation mode' });
    await expect.poll(() => presentation.getByText('When will the new hall open?').isVisible(), WAIT).toBe(true);
    await presentation.getByRole('button', { name: 'Mark as answered' }).click();

    await expect.poll(() => page.getByText('All questions have been answered!').isVisible(), WAIT).toBe(true);
    expect(await presentation.count()).toBe(0);
    expect(await page.getByText('When will the new hall open?').count()).toBe(0);
    const stored = await site.app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, questionId));
    expect(stored).toEqual([]);
  });
});
