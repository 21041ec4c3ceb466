import type { CollectionUpload } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import { upload } from '../../test/fixtures';
import { nextSlide, photoSeconds, playlistOf, SLIDESHOW_CACHE_SIZE } from './slideshow';

const ready = (id: number): CollectionUpload => {
  const { failure_reason: _reason, ...shown } = upload(id, id % 60, {
    status: 'ready',
    file: `/media/collections/c/${id}.jpg`,
  });
  return shown;
};

describe('the slideshow playlist', () => {
  it('keeps ready uploads only, oldest first, and no more than the newest SLIDESHOW_CACHE_SIZE', () => {
    const newestFirst = Array.from({ length: SLIDESHOW_CACHE_SIZE + 50 }, (_, index) =>
      ready(SLIDESHOW_CACHE_SIZE + 50 - index),
    );
    const processing = { ...ready(999), status: 'processing' as const, file: null };
    const playlist = playlistOf([processing, ...newestFirst]);
    expect(playlist).toHaveLength(SLIDESHOW_CACHE_SIZE);
    expect(playlist[0]!.id).toBe(51);
    expect(playlist.at(-1)!.id).toBe(SLIDESHOW_CACHE_SIZE + 50);
  });

  it('goes round in order, and shows a new arrival next', () => {
    const playlist = [ready(1), ready(2), ready(3)];
    expect(nextSlide(playlist, null, 0)?.id).toBe(1);
    expect(nextSlide(playlist, 1, 1)?.id).toBe(2);
    expect(nextSlide(playlist, 3, 3)?.id).toBe(1);
    const arrived = [...playlist, ready(7), ready(8)];
    expect(nextSlide(arrived, 1, 3)?.id).toBe(7);
    expect(nextSlide(arrived, 7, 7)?.id).toBe(8);
  });

  it('carries on after an upload taken away, and has nothing to show when empty', () => {
    expect(nextSlide([ready(1), ready(3)], 2, 3)?.id).toBe(3);
    expect(nextSlide([ready(1)], 5, 5)?.id).toBe(1);
    expect(nextSlide([], 1, 1)).toBeUndefined();
  });

  it('reads the seconds a photo stays from the address, within bounds', () => {
    expect(photoSeconds(null)).toBe(7);
    expect(photoSeconds('3')).toBe(3);
    expect(photoSeconds('0')).toBe(2);
    expect(photoSeconds('600')).toBe(60);
    expect(photoSeconds('soon')).toBe(7);
  });
});
