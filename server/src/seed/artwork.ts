import sharp from 'sharp';

/** The site's palette: bright accents over warm greys. */
const ACCENTS = ['#667eea', '#4ecdc4', '#ff6b6b', '#a855f7', '#f97316'] as const;
const WARM_GREYS = ['#f5f5f4', '#d6d3d1', '#78716c', '#44403c'] as const;

export type ArtworkFormat = 'jpeg' | 'webp';

export interface Artwork {
  width: number;
  height: number;
  format: ArtworkFormat;
  /** The same seed always paints the same picture, so demo images look alike on every machine. */
  seed: number;
}

/** An abstract picture (gradient sky, soft lights, rolling hills) standing in for a real photo. */
export async function paintArtwork({ width, height, format, seed }: Artwork): Promise<Buffer> {
  // Soft gradients lose nothing when drawn small and enlarged, and drawing is the slow part.
  const sketch = artworkSvg(Math.round(width / 4), Math.round(height / 4), seed);
  const image = sharp(Buffer.from(sketch)).resize(width, height, { kernel: 'linear' });
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.webp({ quality: 78, effort: 1 }).toBuffer();
}

function artworkSvg(width: number, height: number, seed: number): string {
  const random = mulberry32(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const from = pick(ACCENTS);
  const to = pick(ACCENTS.filter((colour) => colour !== from));
  const shade = pick(WARM_GREYS);

  const lights = Array.from({ length: 5 }, (_, index) => {
    const radius = Math.round((0.15 + random() * 0.35) * width);
    return {
      id: `light${index}`,
      colour: pick([...ACCENTS, WARM_GREYS[0]]),
      cx: Math.round(random() * width),
      cy: Math.round(random() * height * 0.7),
      radius,
    };
  });
  const hills = [0.62, 0.74, 0.86].map((level, index) => {
    const base = height * (level + random() * 0.06);
    const rise = height * (0.05 + random() * 0.1);
    const d = [
      `M0 ${base.toFixed(0)}`,
      `C${(width * 0.25).toFixed(0)} ${(base - rise).toFixed(0)} ${(width * 0.5).toFixed(0)} ${(base + rise).toFixed(0)} ${width} ${(base - rise / 2).toFixed(0)}`,
      `L${width} ${height} L0 ${height} Z`,
    ].join(' ');
    return `<path d="${d}" fill="${index === 2 ? shade : WARM_GREYS[3]}" opacity="${(0.18 + index * 0.14).toFixed(2)}"/>`;
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    ${lights
      .map(
        (light) => `<radialGradient id="${light.id}">
      <stop offset="0" stop-color="${light.colour}" stop-opacity="0.7"/>
      <stop offset="1" stop-color="${light.colour}" stop-opacity="0"/>
    </radialGradient>`,
      )
      .join('\n    ')}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${lights.map((light) => `<circle cx="${light.cx}" cy="${light.cy}" r="${light.radius}" fill="url(#${light.id})"/>`).join('\n  ')}
  ${hills.join('\n  ')}
</svg>`;
}

/** A tiny seeded generator: Math.random cannot be seeded. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
