import sharp from 'sharp';

/** Apple asks for 1400 to 3000 pixels square; the largest keeps it sharp on a television. */
export const ARTWORK_PIXELS = 3000;

/** The site's mark (the favicon's brand gradient and frame), drawn at full size with the church's name. */
function artworkSvg(churchName: string): string {
  const name = churchName.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_PIXELS}" height="${ARTWORK_PIXELS}" viewBox="0 0 32 32">
  <defs>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#667eea" />
      <stop offset="0.55" stop-color="#7c5fd6" />
      <stop offset="1" stop-color="#a855f7" />
    </linearGradient>
  </defs>
  <rect width="32" height="32" fill="url(#brand)" />
  <rect x="3" y="3" width="26" height="26" rx="7.5" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2" />
  <text x="16" y="15" font-family="sans-serif" font-size="2.6" font-weight="700" fill="#fff" text-anchor="middle">${name}</text>
  <text x="16" y="19" font-family="sans-serif" font-size="1.8" fill="#fff" fill-opacity="0.85" text-anchor="middle">Sermons</text>
</svg>`;
}

/** A square RGB JPEG without transparency, as podcast directories require. */
export async function podcastArtwork(churchName: string): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(churchName)))
    .resize(ARTWORK_PIXELS, ARTWORK_PIXELS)
    .flatten({ background: '#667eea' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
