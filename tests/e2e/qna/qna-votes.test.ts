import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaSession } from '../../support/polls.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import type { Staff } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** Pages load in a production build on a busy machine: give them time, but never sleep. */
const WAIT = { timeout: 15_000, interval: 200 };

const openSession = (staff: Staff, title: string, moderation: 'open' | 'review') =>
  qnaSession(site.app, staff, { title, description: 'Questions for the panel.', moderation });

/** A phone on the question page, once its live connection is up (it then never polls). */
async function phoneOn(sessionId: string): Promise<Page> {
  const phone = await site.newPage({ viewport: 'phone' });
  await phone.goto(`/qna/submit/${sessionId}`);
  await phone.getByRole('region', { name: 'All Questions' }).getByText('Live', { exact: true }).waitFor(WAIT);
  return phone;
}

const allQuestions = (phone: Page) => phone.getByRole('region', { name: 'All Questions' });
const questionOn = (phone: Page, text: string) => allQuestions(phone).getByRole('listitem').filter({ hasText: text });
const voteButton = (phone: Page, text: string) => questionOn(phone, text).getByRole('button', { name: /vote/i });
const countOn = (phone: Page, text: string) => voteButton(phone, text).textContent();

async function ask(phone: Page, text: string) {
  await phone.getByLabel(/^Your Question/).fill(text);
  // Two questions in a row show two toasts at once: the answer says which one is this question's.
  const [answer] = await Promise.all([
    phone.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/submit/')),
    phone.getByRole('button', { name: 'Submit Question' }).click(),
  ]);
  expect(answer.status()).toBe(201);
  await phone.getByText('Question Submitted!').last().waitFor(WAIT);
}

describe('live Q&A with votes and review', () => {
  it('brings an approved question to another phone without a reload, and a vote on one phone to the other', async () => {
    const { page: moderator, staff } = await site.staffPage();
    const sessionId = await openSession(staff, 'Evening panel', 'review');
    const [asker, neighbour] = [await phoneOn(sessionId), await phoneOn(sessionId)];
    await moderator.goto(`/qna/view/${sessionId}`);
    await moderator.getByRole('button', { name: 'Start Question Review' }).click();
    await expect.poll(() => moderator.getByRole('status').filter({ hasText: 'Live' }).isVisible(), WAIT).toBe(true);

    await ask(asker, 'Can we have a prayer night?');
    // The asker sees their own question waiting; the moderator sees it in the pending tab.
    await questionOn(asker, 'Can we have a prayer night?').getByText('Waiting for approval').waitFor(WAIT);
    await moderator.getByRole('button', { name: 'Pending (1)' }).click();
    const pending = moderator.getByRole('region', { name: 'Pending questions' });
    await pending.getByText('Can we have a prayer night?').waitFor(WAIT);
    expect(await allQuestions(neighbour).getByText('Can we have a prayer night?').count()).toBe(0);

    // A approves the selected (oldest) waiting question.
    await moderator.keyboard.press('a');
    await moderator.getByRole('button', { name: 'Pending (0)' }).waitFor(WAIT);
    await questionOn(neighbour, 'Can we have a prayer night?').waitFor(WAIT);
    await expect
      .poll(() => questionOn(asker, 'Can we have a prayer night?').getByText('Waiting for approval').count(), WAIT)
      .toBe(0);

    await voteButton(neighbour, 'Can we have a prayer night?').click();
    await expect
      .poll(() => voteButton(neighbour, 'Can we have a prayer night?').getAttribute('aria-pressed'), WAIT)
      .toBe('true');
    await expect.poll(() => countOn(asker, 'Can we have a prayer night?'), WAIT).toContain('1');
    await moderator.getByRole('button', { name: 'Recent', exact: true }).click();
    await moderator.getByText('1 vote', { exact: true }).waitFor(WAIT);

    // A second tap takes the vote back, on every screen.
    await voteButton(neighbour, 'Can we have a prayer night?').click();
    await expect.poll(() => countOn(asker, 'Can we have a prayer night?'), WAIT).toContain('0');
    await moderator.getByText('0 votes', { exact: true }).waitFor(WAIT);
    expect(await voteButton(asker, 'Can we have a prayer night?').getAttribute('aria-pressed')).toBe('false');
  });

  it('moves a question up the Popular order on every phone as votes come in', async () => {
    const { staff } = await site.staffPage();
    const sessionId = await openSession(staff, 'Morning panel', 'open');
    const [first, second] = [await phoneOn(sessionId), await phoneOn(sessionId)];
    await ask(first, 'Older question');
    await ask(first, 'Newer question');
    const order = (phone: Page) => allQuestions(phone).getByRole('listitem').locator('p').allTextContents();
    await expect.poll(() => order(second), WAIT).toEqual(['Older question', 'Newer question']);

    await voteButton(first, 'Newer question').click();
    await expect.poll(() => order(second), WAIT).toEqual(['Newer question', 'Older question']);
    await allQuestions(second).getByRole('button', { name: 'Recent' }).click();
    expect(await order(second)).toEqual(['Newer question', 'Older question']);
    expect(await second.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
