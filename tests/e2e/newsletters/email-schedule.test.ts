import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';
import { subscribeConfirmed } from '../../support/campaigns.js';

let site: TestSite;
beforeAll(async () => {
  // Three messages a second: slow enough for a volunteer to press Pause while it goes out.
  site = await startTestSite({ EMAIL_RATE_PER_SECOND: '3' });
});
afterAll(() => site?.close());

const WAIT = { timeout: 20_000, interval: 200 };
const SUBJECT = 'Christmas services';
const MEMBERS = Array.from({ length: 30 }, (_, index) => `member${index}@example.org`);
const NO_CONSENT = 'visitor@example.org';

/** The church's wall clock (London) some minutes from now, as the schedule form's date and time fields take it. */
function londonClockIn(minutes: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const received = (address: string) => site.smtp.to(address).filter((mail) => mail.subject === SUBJECT).length;
const totalReceived = () => MEMBERS.reduce((sum, address) => sum + received(address), 0);

describe('a scheduled newsletter', () => {
  it('is scheduled, unscheduled, scheduled again, starts on time, pauses, resumes and reaches only those who agreed', async () => {
    for (const email of MEMBERS) await subscribeConfirmed(site.app, email, { origin: site.url });
    const contact = await site.app.call(
      'POST',
      '/api/contact/',
      { name: 'A visitor', email: NO_CONSENT, subject: 'Parking', message: 'Where can I park?' },
      { origin: site.url },
    );
    expect(contact.status).toBeLessThan(300);

    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=emails');
    await page.getByLabel(/Select all/).check();
    await expect.poll(() => page.getByText('30 recipients selected').isVisible(), WAIT).toBe(true);
    await expect
      .poll(
        () => page.getByText('1 person is left out: they have not agreed to receive the newsletter').isVisible(),
        WAIT,
      )
      .toBe(true);
    await page.getByLabel('Subject').fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Content' }).fill('Carols at 6pm on Christmas Eve.');

    const schedule = async (minutes: number) => {
      await page.getByRole('button', { name: 'Schedule…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule email' });
      const { date, time } = londonClockIn(minutes);
      await dialog.getByLabel('Date').fill(date);
      await dialog.getByLabel('Time').fill(time);
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await expect.poll(() => page.getByText(/Scheduled for .* \(London time\)/).isVisible(), WAIT).toBe(true);
    };
    const row = page.getByRole('row').filter({ hasText: SUBJECT });

    // Scheduled for tomorrow, then the volunteer changes their mind.
    await schedule(24 * 60);
    await expect.poll(() => row.getByText('Scheduled', { exact: true }).isVisible(), WAIT).toBe(true);
    await row.getByRole('button', { name: 'Unschedule' }).click();
    await expect.poll(() => row.getByText('Draft', { exact: true }).isVisible(), WAIT).toBe(true);
    await row.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByLabel('Subject').inputValue(), WAIT).toBe(SUBJECT);

    // Two minutes on the clock from now: it starts within the next two minutes, by itself.
    await schedule(2);
    await expect.poll(totalReceived, { timeout: 180_000, interval: 500 }).toBeGreaterThan(0);

    await row.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => row.getByText('Paused', { exact: true }).isVisible(), WAIT).toBe(true);
    const atPause = totalReceived();
    expect(atPause).toBeLessThan(MEMBERS.length);

    await row.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(() => row.getByText('Sent', { exact: true }).isVisible(), { timeout: 60_000, interval: 500 })
      .toBe(true);
    expect(MEMBERS.map(received)).toEqual(MEMBERS.map(() => 1));
    expect(received(NO_CONSENT)).toBe(0);
  }, 300_000);
});
