import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { absoluteUrl, downloadName } from './qr-code';
import { QrGeneratorPage } from './QrGeneratorPage';

describe('the QR code rules', () => {
  it('takes only whole addresses', () => {
    expect(absoluteUrl(' https://gather.church/events ')).toBe('https://gather.church/events');
    expect(absoluteUrl('mailto:hello@gather.church')).toBe('mailto:hello@gather.church');
    expect(absoluteUrl('gather.church')).toBeNull();
    expect(absoluteUrl('/events')).toBeNull();
  });

  it('names the download after the title, or "generated"', () => {
    expect(downloadName('Harvest Supper')).toBe('qr-code-Harvest Supper.png');
    expect(downloadName('  ')).toBe('qr-code-generated.png');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function generate(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(/^URL/), 'https://gather.church/events');
  await user.click(screen.getByRole('button', { name: 'Generate QR Code' }));
  await screen.findByRole('img', { name: 'QR code for https://gather.church/events' });
}

describe('the QR generator', () => {
  it('cannot generate from an empty link', () => {
    renderPage(<QrGeneratorPage />);
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toHaveProperty('disabled', true);
  });

  it('asks for a whole address, giving this site as the example', async () => {
    const { user } = renderPage(<QrGeneratorPage />);
    await user.type(screen.getByLabelText(/^URL/), 'gather.church/events');
    await user.click(screen.getByRole('button', { name: 'Generate QR Code' }));
    const message = `Please enter a valid URL (e.g., ${window.location.host}).`;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(/^URL/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the code with its title and link, then goes back to an empty form', async () => {
    const { user } = renderPage(<QrGeneratorPage />);
    await user.type(screen.getByLabelText(/^URL/), 'https://gather.church/events');
    await user.type(screen.getByLabelText(/Title/), 'Harvest Supper');
    await user.click(screen.getByLabelText('Green'));
    await user.click(screen.getByRole('button', { name: 'Generate QR Code' }));

    const image = await screen.findByRole('img', { name: 'QR code for https://gather.church/events' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('heading', { name: 'Harvest Supper' })).toBeTruthy();
    expect(screen.getByText('Generated')).toBeTruthy();
    expect(screen.getByText('QR Code generated successfully!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Generate Another' }));
    expect(screen.getByLabelText(/^URL/)).toHaveProperty('value', '');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('copies the code as a PNG image where the browser can', async () => {
    const copied: ClipboardItem[] = [];
    vi.stubGlobal(
      'ClipboardItem',
      class {
        constructor(readonly items: Record<string, Blob>) {}
      },
    );
    const { user } = renderPage(<QrGeneratorPage />);
    // userEvent brings its own clipboard, so the page's write is replaced after it is set up.
    vi.spyOn(navigator.clipboard, 'write').mockImplementation(async (items) => void copied.push(...items));
    await generate(user);
    await user.click(screen.getByRole('button', { name: 'Copy Image' }));
    expect(await screen.findByText('QR Code copied to clipboard!')).toBeTruthy();
    const { items } = copied[0] as unknown as { items: Record<string, Blob> };
    expect(items['image/png']!.type).toBe('image/png');
  });

  it('points to right-click where images cannot be copied', async () => {
    const { user } = renderPage(<QrGeneratorPage />);
    await generate(user);
    await user.click(screen.getByRole('button', { name: 'Copy Image' }));
    expect(await screen.findByText('QR Code ready! Use right-click to copy.')).toBeTruthy();
  });
});
