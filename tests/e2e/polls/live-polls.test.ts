import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** Pages load in a production build on a busy machine: give them time, but never sleep. */
const WAIT = { timeout: 15_000, interval: 200 };

/** A phone on the question page, once its live connection is up (it then never polls). */
async function phoneOn(sessionId: string): Promise<Page> {
  const phone = await site.newPage({ viewport: 'phone' });
  await phone.goto(`/qna/submit/${sessionId}`);
  await phone.getByRole('region', { name: 'All Questions' }).getByText('Live', { exact: true }).waitFor(WAIT);
  return phone;
}

const pollsOf = (page: Page) => page.getByRole('region', { name: 'Polls' });
const pollCard = (page: Page, question: string) => pollsOf(page).getByRole('listitem', { name: question });
const livePoll = (phone: Page) => phone.getByRole('region', { name: 'Live poll' });

/** The rows of a list of bars, as their text reads ("Acts1 · 50%"). */
const rowsOf = (bars: Locator) => bars.getByRole('listitem').allTextContents();

/** The words of a cloud with their sizes in px, largest first. */
async function cloudOf(screen: Locator): Promise<Array<[string, number]>> {
  const cloud = screen.getByRole('list', { name: 'Word cloud' });
  if ((await cloud.count()) === 0) return [];
  return cloud
    .getByRole('listitem')
    .evaluateAll((words) =>
      words
        .map((word): [string, number] => [
          word.firstChild?.textContent ?? '',
          parseFloat(getComputedStyle(word).fontSize),
        ])
        .sort((a, b) => b[1] - a[1]),
    );
}

async function preparePoll(moderator: Page, question: string, type: string, options: string[] = []) {
  await pollsOf(moderator).getByRole('button', { name: 'New Poll' }).click();
  const form = moderator.getByRole('dialog', { name: 'Prepare a Poll' });
  await form.getByLabel(/^Question/).fill(question);
  await form.getByLabel(/^Type/).selectOption({ label: type });
  for (const [index, option] of options.entries()) {
    if (index >= 2) await form.getByRole('button', { name: 'Add option' }).click();
    await form.getByLabel(new RegExp(`^Option ${index + 1}`)).fill(option);
  }
  await form.getByRole('button', { name: 'Save Poll' }).click();
  await pollCard(moderator, question).getByText('Draft').waitFor(WAIT);
}

async function answerWith(phone: Page, button: string) {
  await livePoll(phone).getByRole('button', { name: button, exact: true }).click();
  await expect
    .poll(() => livePoll(phone).getByRole('button', { name: button, exact: true }).getAttribute('aria-pressed'), WAIT)
    .toBe('true');
}

async function giveWords(phone: Page, words: string) {
  await livePoll(phone).getByLabel('Your words').fill(words);
  await livePoll(phone).getByRole('button', { name: 'Send answer' }).click();
  await livePoll(phone).getByRole('status').waitFor(WAIT);
}

describe('live polls', () => {
  it("reach two phones, move the projector's bars and word cloud without a reload, and reveal the results", async () => {
    const { page: moderator, staff } = await site.staffPage();
    const created = await site.app.call(
      'POST',
      '/api/qna/sessions/',
      { title: 'Harvest evening', description: 'Questions and polls for the evening.' },
      staff.headers,
    );
    expect(created.status).toBe(201);
    const sessionId = created.body.id as string;

    await moderator.goto(`/qna/view/${sessionId}`);
    await preparePoll(moderator, 'Which series next?', 'One choice', ['Psalms', 'Acts', 'Ruth']);
    await preparePoll(moderator, 'One word for tonight', 'Word cloud');

    // The projector: another staff screen in presentation mode, following whichever poll is launched.
    const { page: projector } = await site.staffPage();
    await projector.goto(`/qna/view/${sessionId}`);
    await expect.poll(() => projector.getByRole('status').filter({ hasText: 'Live' }).isVisible(), WAIT).toBe(true);
    await pollsOf(projector).getByRole('button', { name: 'Projector View' }).click();
    const screen = projector.getByRole('dialog', { name: 'Poll presentation' });
    await screen.getByText('The first poll will appear here.').waitFor(WAIT);

    const [first, second] = [await phoneOn(sessionId), await phoneOn(sessionId)];
    expect(await livePoll(first).count()).toBe(0);

    // Launched: the phones show it at once, pushed, and so does the projector.
    await pollCard(moderator, 'Which series next?').getByRole('button', { name: 'Launch' }).click();
    await livePoll(first).getByRole('heading', { name: 'Which series next?' }).waitFor(WAIT);
    await livePoll(second).getByRole('heading', { name: 'Which series next?' }).waitFor(WAIT);
    const bars = screen.getByRole('list', { name: 'Results' });
    await expect.poll(() => rowsOf(bars), WAIT).toEqual(['Psalms0 · 0%', 'Acts0 · 0%', 'Ruth0 · 0%']);

    await answerWith(first, 'Acts');
    await expect.poll(() => rowsOf(bars), WAIT).toEqual(['Psalms0 · 0%', 'Acts1 · 100%', 'Ruth0 · 0%']);
    await answerWith(second, 'Psalms');
    await expect.poll(() => rowsOf(bars), WAIT).toEqual(['Psalms1 · 50%', 'Acts1 · 50%', 'Ruth0 · 0%']);
    // A changed answer moves, and is counted once.
    await answerWith(first, 'Psalms');
    await expect.poll(() => rowsOf(bars), WAIT).toEqual(['Psalms2 · 100%', 'Acts0 · 0%', 'Ruth0 · 0%']);
    await screen.getByText('2 answers').waitFor(WAIT);

    // Closed: the phones say so; the results stay theirs to see only once revealed.
    await pollCard(moderator, 'Which series next?').getByRole('button', { name: 'Close', exact: true }).click();
    for (const phone of [first, second]) {
      await livePoll(phone).getByText('Poll closed').waitFor(WAIT);
      expect(await livePoll(phone).getByRole('button', { name: 'Acts', exact: true }).isDisabled()).toBe(true);
      expect(await livePoll(phone).getByRole('list', { name: 'Results' }).count()).toBe(0);
    }
    await pollCard(moderator, 'Which series next?').getByRole('button', { name: 'Reveal results' }).click();
    for (const phone of [first, second]) {
      await expect
        .poll(() => rowsOf(livePoll(phone).getByRole('list', { name: 'Results' })), WAIT)
        .toEqual(['Psalms2 · 100%', 'Acts0 · 0%', 'Ruth0 · 0%']);
    }

    // The word cloud grows on the projector as the words arrive, the most given the largest.
    await pollCard(moderator, 'One word for tonight').getByRole('button', { name: 'Launch' }).click();
    await livePoll(first).getByRole('heading', { name: 'One word for tonight' }).waitFor(WAIT);
    await screen.getByRole('heading', { name: 'One word for tonight' }).waitFor(WAIT);
    // The longest word a phone may give: the cloud still fits a 390 px phone.
    const long = 'lovingkindnessandfaithfulness';
    await giveWords(first, `Grace ${long}`);
    await expect.poll(async () => (await cloudOf(screen)).map(([word]) => word).sort(), WAIT).toEqual(['grace', long]);
    await giveWords(second, 'grace joy');
    await expect.poll(async () => (await cloudOf(screen)).length, WAIT).toBe(3);
    const cloud = await cloudOf(screen);
    expect(cloud[0]![0]).toBe('grace');
    expect(cloud[0]![1]).toBeGreaterThan(cloud[1]![1]);
    expect(
      cloud
        .slice(1)
        .map(([word]) => word)
        .sort(),
    ).toEqual(['joy', long]);

    // Closed and revealed, the cloud reaches the phones, which were never reloaded.
    await pollCard(moderator, 'One word for tonight').getByRole('button', { name: 'Close', exact: true }).click();
    await livePoll(second).getByText('Poll closed').waitFor(WAIT);
    await pollCard(moderator, 'One word for tonight').getByRole('button', { name: 'Reveal results' }).click();
    for (const phone of [first, second]) {
      await expect.poll(async () => (await cloudOf(livePoll(phone))).map(([word]) => word)[0], WAIT).toBe('grace');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    }
  });
});
