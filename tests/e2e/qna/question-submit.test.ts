import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

async function openSession(title: string) {
  const [session] = await site.app.ctx.db
    .insert(qnaSessions)
    .values({ title, description: 'Ask the youth team anything.' })
    .returning();
  return session!;
}

const questionsOf = (sessionId: string) =>
  site.app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, sessionId));

describe('the public question page', () => {
  it('sends a question from a phone, and shows a second visitor’s question live', async () => {
    const session = await openSession('Youth Night Q&A');
    const phone = await site.newPage({ viewport: 'phone' });
    await phone.goto(`/qna/submit/${session.id}`);
    await expect.poll(() => phone.title(), SLOW).toBe('Youth Night Q&A | Gather Church');

    await phone.getByLabel(/^Your Question/).fill('  How do I join the worship team?  ');
    await phone.getByLabel(/^Your Name/).fill('Sam');
    await phone.getByLabel(/^Category/).selectOption('church');
    await phone.getByRole('button', { name: 'Submit Question' }).click();
    await phone.getByText('Question Submitted!').waitFor();
    await expect
      .poll(
        async () => (await questionsOf(session.id)).map(({ text, name, category }) => ({ text, name, category })),
        SLOW,
      )
      .toEqual([{ text: 'How do I join the worship team?', name: 'Sam', category: 'church' }]);

    const recent = phone.getByRole('region', { name: 'All Questions' });
    await recent.getByText('Live', { exact: true }).waitFor();
    await recent.getByRole('button', { name: 'Recent' }).click();
    const second = await site.newPage();
    await second.goto(`/qna/submit/${session.id}`);
    await second.getByLabel(/^Your Question/).fill('What time does it finish?');
    await second.getByRole('button', { name: 'Submit Question' }).click();

    // While the page is live it does not poll, so the question can only have come by the push.
    await expect
      .poll(() => recent.getByRole('listitem').locator('p').allTextContents(), SLOW)
      .toEqual(['What time does it finish?', 'How do I join the worship team?']);
    expect(await recent.getByText('Anonymous').isVisible()).toBe(true);
    // One list of the session's questions, not a second list of the same ones.
    expect(await phone.getByText('How do I join the worship team?').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('shows the ended state when the session closes while the page is open', async () => {
    const session = await openSession('Closing soon');
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(`/qna/submit/${session.id}`);
    const recent = page.getByRole('region', { name: 'All Questions' });
    await recent.getByText('Live', { exact: true }).waitFor();

    const { headers } = await signInAsStaff(site.app);
    const closed = await site.app.call(
      'PUT',
      `/api/qna/sessions/${session.id}/`,
      { title: session.title, description: session.description, is_active: false },
      headers,
    );
    expect(closed.status).toBe(200);
    await page.getByRole('heading', { name: 'Session Not Found' }).waitFor();
  });

  it('says the session is not found for an unknown one', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/qna/submit/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Session Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/');
  });
});
