import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

describe('the QR code generator', () => {
  it('asks for a whole address, then makes a 300 px PNG named after the title to download', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/qr-generator');
    const host = new URL(site.url).host;

    await page.getByLabel(/^URL/).fill('gather.church/harvest');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText(`Please enter a valid URL (e.g., ${host}).`).waitFor();

    await page.getByLabel(/^URL/).fill('https://gather.church/harvest');
    await page.getByLabel(/^Title/).fill('Harvest Supper');
    await page.getByRole('radio', { name: 'Purple' }).check();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const code = page.getByRole('img', { name: 'QR code for https://gather.church/harvest' });
    await code.waitFor();
    expect(await page.getByText('QR Code generated successfully!').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qr-code-Harvest Supper.png');
    const png = sharp(await download.path());
    const { format, width, height } = await png.metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 300, height: 300 });
    // The dark modules are drawn in the chosen purple (a855f7).
    const { data, info } = await png.raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let at = 0; at < data.length; at += info.channels) {
      colours.add(
        `${data[at]!.toString(16).padStart(2, '0')}${data[at + 1]!.toString(16).padStart(2, '0')}${data[at + 2]!.toString(16).padStart(2, '0')}`,
      );
    }
    expect([...colours].sort()).toEqual(['a855f7', 'ffffff']);
    await page.getByText('QR Code downloaded successfully!').waitFor();

    await page.getByRole('button', { name: 'Generate Another' }).click();
    expect(await page.getByLabel(/^URL/).inputValue()).toBe('');
  });
});
