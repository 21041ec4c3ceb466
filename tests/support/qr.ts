import jsqr from 'jsqr';
import sharp from 'sharp';

// The package is CommonJS typed as an ES module: its function is the default export's `default`.
const decode = (jsqr as unknown as { default: typeof jsqr.default }).default;

/** The text of the QR code in a PNG or JPEG, as a phone's camera would read it. */
export async function readQrCode(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decode(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
