/** A 16:9 slide for the screen at church: full HD, so it stays sharp on a projector. */
export const SLIDE_WIDTH = 1920;
export const SLIDE_HEIGHT = 1080;
const QR_SIZE = 720;

/** The slide as a PNG data URL: the title on the left, the code on the right, the link under the title. */
export async function qrSlidePng(title: string, link: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const code = await QRCode.toDataURL(link, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' });
  const image = await loadImage(code);
  const canvas = document.createElement('canvas');
  canvas.width = SLIDE_WIDTH;
  canvas.height = SLIDE_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the slide.');

  const brand = context.createLinearGradient(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT);
  brand.addColorStop(0, '#667eea');
  brand.addColorStop(0.55, '#7c5fd6');
  brand.addColorStop(1, '#a855f7');
  context.fillStyle = brand;
  context.fillRect(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT);

  const codeLeft = SLIDE_WIDTH - QR_SIZE - 140;
  const codeTop = (SLIDE_HEIGHT - QR_SIZE) / 2;
  context.fillStyle = '#ffffff';
  context.fillRect(codeLeft - 20, codeTop - 20, QR_SIZE + 40, QR_SIZE + 40);
  context.drawImage(image, codeLeft, codeTop, QR_SIZE, QR_SIZE);

  const textWidth = codeLeft - 260;
  context.fillStyle = '#ffffff';
  context.font = '600 88px Georgia, serif';
  const lines = wrap(context, title, textWidth);
  lines.forEach((line, index) => context.fillText(line, 140, 400 + index * 104));
  context.font = '40px system-ui, sans-serif';
  context.fillText('Scan to ask a question, share a photo and more', 140, 440 + lines.length * 104, textWidth);
  context.font = '32px system-ui, sans-serif';
  context.fillText(link, 140, SLIDE_HEIGHT - 120, textWidth);
  return canvas.toDataURL('image/png');
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The QR code could not be drawn.'));
    image.src = source;
  });
}

/** The title in lines that fit, at most three (a longer one is cut with an ellipsis). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && context.measureText(`${last} ${word}`).width <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]}…`] : lines;
}

/** Saves a data URL as a file, as the QR generator's download does. */
export function downloadDataUrl(dataUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
