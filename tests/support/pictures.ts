import sharp from 'sharp';

/** A JPEG as a phone takes it: with the camera's name and where it was taken (north London) in its EXIF. */
export function photoWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#446688' } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'Phone maker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 6/1 0/1' },
    })
    .toBuffer();
}
