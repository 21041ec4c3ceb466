import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneRecording } from '../../support/recordings.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let site: TestSite;
let staff: Staff;
let folder: string;
beforeAll(async () => {
  site = await startTestSite();
  staff = await signInAsStaff(site.app);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sermon-e2e-'));
});
afterAll(async () => {
  await site?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

/** Generous: two cores shared by several test runs. */
const SLOW = { timeout: 30_000 };
const staffCall = (method: string, route: string, body?: unknown) => site.app.call(method, route, body, staff.headers);

describe('the media page with a sermon series and a recording', () => {
  it('groups the series under its heading and plays the recording in the browser', async () => {
    const series = new FormData();
    series.append('title', 'Romans');
    series.append('description', 'Chapter by chapter through Paul’s letter.');
    const { body: romans } = await staffCall('POST', '/api/sermon-series/', series);
    const sermon = async (title: string, date: string, seriesId: number | null) =>
      (await staffCall('POST', '/api/sermons/', { title, speaker: 'Pastor Grace', date, series_id: seriesId })).body;
    await sermon('Newest Word', '2026-03-29', null);
    const recorded = await sermon('No Condemnation', '2026-03-22', romans.id);
    await sermon('Justified by Faith', '2026-03-15', romans.id);
    await sermon('A Word Alone', '2026-03-08', null);
    const audio = new FormData();
    audio.append(
      'file',
      new Blob([new Uint8Array(toneRecording(folder, 'sermon.mp3', 3))], { type: 'audio/mpeg' }),
      'romans-8.mp3',
    );
    expect((await staffCall('PUT', `/api/sermons/${recorded.id}/audio/`, audio)).status).toBe(200);

    const page = await site.newPage();
    await page.goto('/media');
    const group = page.getByRole('region', { name: 'Romans' });
    await expect
      .poll(() => group.getByRole('heading', { level: 4 }).allTextContents())
      .toEqual(['No Condemnation', 'Justified by Faith']);
    expect(await group.getByText('Chapter by chapter through Paul’s letter.').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'More sermons' }).getByRole('heading').allTextContents()).toEqual([
      'A Word Alone',
    ]);

    const player = group.getByLabel('Listen to No Condemnation');
    expect(await player.isVisible()).toBe(true);
    // The browser fetches the recording from the API and reads its length, as a listener pressing play would.
    await player.evaluate((element: HTMLAudioElement) => {
      element.preload = 'metadata';
      element.load();
    });
    await expect.poll(() => player.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(3);
  });

  it('lets staff create a series, add a sermon in it with a recording, and refuses a recording that is not audio', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=sermons');
    await page.getByRole('button', { name: 'Create Series' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill('Psalms of Ascent');
    await dialog.getByRole('button', { name: 'Create Series' }).click();
    await page.getByText('Series created successfully!').waitFor(SLOW);

    await page.getByRole('button', { name: 'Add Sermon' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill('I Lift My Eyes');
    await dialog.getByLabel(/^Speaker/).fill('Pastor Grace');
    await dialog.getByLabel(/^Date/).fill('2026-04-12');
    await dialog.getByLabel(/^Series/).selectOption({ label: 'Psalms of Ascent' });
    const recording = dialog.getByLabel(/^Recording/);
    await recording.setInputFiles({ name: 'psalm-121.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('not audio') });
    await dialog.getByRole('button', { name: 'Add Sermon' }).click();
    await dialog.getByText('Upload an MP3 or M4A audio file.').waitFor(SLOW);

    await recording.setInputFiles({
      name: 'psalm-121.mp3',
      mimeType: 'audio/mpeg',
      buffer: toneRecording(folder, 'sermon.mp3', 3),
    });
    await dialog.getByRole('button', { name: 'Add Sermon' }).click();
    await page.getByText('Sermon created successfully!').waitFor(SLOW);

    // Saved once (the refused recording did not make a second sermon), in its series, with its recording.
    const saved = (await site.app.call('GET', '/api/sermons/')).body.filter(
      (sermon: { title: string }) => sermon.title === 'I Lift My Eyes',
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ series: { title: 'Psalms of Ascent' }, audio_type: 'audio/mpeg' });
    expect(saved[0].audio_duration_seconds).toBeCloseTo(3, 0);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'I Lift My Eyes' }) });
    await card.getByText('In the podcast').waitFor(SLOW);
  });
});
