import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text of the QR code in a PNG or JPEG, as a phone's camera would read it. */
export async function readQrCode(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
