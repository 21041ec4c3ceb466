export const QR_COLOURS = [
  { name: 'Blue', hex: '667eea' },
  { name: 'Green', hex: '4ecdc4' },
  { name: 'Red', hex: 'ff6b6b' },
  { name: 'Purple', hex: 'a855f7' },
  { name: 'Orange', hex: 'f97316' },
  { name: 'Black', hex: '000000' },
] as const;
export type QrColour = (typeof QR_COLOURS)[number]['hex'];

export const QR_TITLE_MAX = 50;
export const QR_WIDTH = 300;
export const QR_TOAST_MS = 3_000;

/** The link as typed, if it is a whole address (with its scheme); anything else the code could not open. */
export function absoluteUrl(text: string): string | null {
  const trimmed = text.trim();
  try {
    new URL(trimmed);
    return trimmed;
  } catch {
    return null;
  }
}

export function invalidUrlMessage(host: string): string {
  return `Please enter a valid URL (e.g., ${host}).`;
}

export function downloadName(title: string): string {
  return `qr-code-${title.trim() || 'generated'}.png`;
}

/** The code as a PNG data URL; the encoder loads only when a visitor first asks for a code. */
export async function qrCodeImage(url: string, colour: QrColour): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(url, {
    width: QR_WIDTH,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: `#${colour}`, light: '#ffffff' },
  });
}

/** The PNG's bytes, read from the data URL itself rather than fetched, which a strict CSP may forbid. */
export function pngBlob(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}
