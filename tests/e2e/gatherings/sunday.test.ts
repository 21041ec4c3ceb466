import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads } from '@gather/server/platform/database/schema/collections';
import { todayIn } from '@gather/contracts';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** Pages load in a production build on a busy machine: give them time, but never sleep. */
const SLOW = { timeout: 15_000 };
const PHONE_HEIGHT = 844;

const photo = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#667eea' } })
    .jpeg()
    .toBuffer();

describe('the Sunday page', () => {
  it('leads a phone from the QR code to a question the moderators see and a shared photo', async () => {
    const { page: console, staff } = await site.staffPage();
    const asStaff = async (path: string, body: Record<string, unknown>) => {
      const answer = await site.app.call('POST', path, body, staff.headers);
      expect(answer.status).toBe(201);
      return answer.body as { id: string };
    };
    const session = await asStaff('/api/qna/sessions/', { title: 'Harvest Q&A', description: 'Ask the pastors' });
    const collection = await asStaff('/api/photo-collections/', { name: 'Harvest photos' });

    await console.goto('/admin/dashboard?section=gatherings');
    await console.getByRole('button', { name: 'Add Gathering' }).click();
    await console.getByLabel(/^Title/).fill('Harvest Sunday');
    await console.getByLabel(/^Date/).fill(todayIn(site.app.ctx.config.CHURCH_TIMEZONE));
    await expect
      .poll(
        () =>
          console
            .getByLabel(/^Q&A session/)
            .locator('option')
            .count(),
        SLOW,
      )
      .toBe(2);
    await console.getByLabel(/^Q&A session/).selectOption({ label: 'Harvest Q&A' });
    await expect
      .poll(
        () =>
          console
            .getByLabel(/^Photo collection/)
            .locator('option')
            .count(),
        SLOW,
      )
      .toBe(2);
    await console.getByLabel(/^Photo collection/).selectOption({ label: 'Harvest photos' });
    await console.getByLabel(/^Sermon notes/).fill('Luke 9:10-17\n<b>Five loaves</b>');
    await console.getByRole('button', { name: 'Create Gathering' }).click();
    await console.getByRole('heading', { name: 'Harvest Sunday' }).waitFor(SLOW);
    await console.getByRole('button', { name: 'Edit' }).click();
    expect(await console.getByLabel(/^Q&A session/).inputValue()).toBe(session.id);
    expect(await console.getByLabel(/^Photo collection/).inputValue()).toBe(collection.id);
    await console.getByRole('button', { name: 'Cancel' }).click();

    await console.getByRole('button', { name: 'QR code for Harvest Sunday' }).click();
    const dialog = console.getByRole('dialog', { name: 'QR Code' });
    await dialog.getByRole('img', { name: /^QR code for / }).waitFor(SLOW);
    expect(await dialog.getByRole('button', { name: 'Download Slide (PNG)' }).isEnabled()).toBe(true);
    const qrLink = (await dialog.getByText(/\/gathering\//).textContent())!;
    expect(qrLink).toMatch(new RegExp(`^${site.url}/gathering/[0-9a-f-]{36}$`));

    const phone = await site.newPage({ viewport: 'phone' });
    await phone.goto(qrLink);
    await phone.getByRole('heading', { level: 1, name: 'Harvest Sunday' }).waitFor(SLOW);
    const tiles = phone.getByRole('list', { name: 'Today' }).getByRole('link');
    expect(
      await tiles.evaluateAll((links) => links.map((link) => link.querySelector('span + span')?.textContent)),
    ).toEqual(['Ask a question', 'Share a photo', 'Fill in a connect card', 'Give', 'Sermon notes']);
    for (const box of await tiles.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().bottom))) {
      expect(box).toBeLessThanOrEqual(PHONE_HEIGHT);
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Drawn on the server, so a phone on church Wi-Fi paints the tiles before any script has run.
    const served = await (await fetch(qrLink)).text();
    expect(served).toContain('Ask a question');
    // The notes are the staff's plain text: markup in them stays text.
    expect(await phone.getByText('<b>Five loaves</b>').isVisible()).toBe(true);
    expect(await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      expect.stringMatching(/^\/qna\/submit\/[0-9a-f-]{36}$/),
      expect.stringMatching(/^\/photo-upload\/[0-9a-f-]{36}$/),
      '/connect',
      '/give',
      '#sermon-notes',
    ]);

    await tiles.filter({ hasText: 'Ask a question' }).click();
    await phone.getByLabel(/^Your Question/).fill('Where does the harvest food go?');
    await phone.getByRole('button', { name: 'Submit Question' }).click();
    await phone.getByText('Question Submitted!').waitFor(SLOW);
    await expect
      .poll(async () => {
        const answer = await site.app.call(
          'GET',
          `/api/qna/sessions/${session.id}/questions/`,
          undefined,
          staff.headers,
        );
        return (answer.body as Array<{ text: string }>).map(({ text }) => text);
      }, SLOW)
      .toEqual(['Where does the harvest food go?']);

    await phone.goBack();
    await tiles.filter({ hasText: 'Share a photo' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Harvest photos' }).waitFor(SLOW);
    await phone.getByLabel(/^Your Name/).fill('Grace');
    await phone
      .getByLabel(/Drag and drop files here/)
      .setInputFiles([{ name: 'loaves.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await phone.getByRole('button', { name: 'Upload 1 File(s)' }).click();
    await phone.getByRole('heading', { name: 'Upload Successful' }).waitFor(SLOW);
    const uploads = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.collectionId, collection.id));
    expect(uploads.map(({ originalFilename, uploaderName }) => ({ originalFilename, uploaderName }))).toEqual([
      { originalFilename: 'loaves.jpg', uploaderName: 'Grace' },
    ]);
  });

  it('shows the next service times for a gathering with nothing linked yet', async () => {
    const { staff } = await site.staffPage();
    const service = await site.app.call(
      'POST',
      '/api/services/',
      { name: 'Harvest Praise', day: 'Sunday', time: '10:00 AM', description: 'All-age worship.' },
      staff.headers,
    );
    expect(service.status).toBe(201);
    const gathering = await site.app.call(
      'POST',
      '/api/admin/gatherings/',
      { title: 'Advent Sunday', date: '2026-11-29' },
      staff.headers,
    );
    expect(gathering.status).toBe(201);

    const phone = await site.newPage({ viewport: 'phone' });
    await phone.goto(`/gathering/${gathering.body.id}`);
    await phone.getByRole('heading', { level: 1, name: 'Advent Sunday' }).waitFor(SLOW);
    const services = phone.getByRole('region', { name: 'Next services' });
    await services.getByText('Harvest Praise').waitFor(SLOW);
    expect(await services.getByText('Sunday · 10:00 AM').isVisible()).toBe(true);
    expect(await phone.getByRole('link', { name: /Ask a question|Share a photo/ }).count()).toBe(0);
  });
});
