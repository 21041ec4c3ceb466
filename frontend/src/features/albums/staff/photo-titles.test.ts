import { describe, expect, it } from 'vitest';
import { photoTitles } from './photo-titles';

describe('photoTitles', () => {
  it('numbers the photos after the given title', () => {
    expect(photoTitles('Baptism', ['a.jpg', 'b.png', 'c.webp'])).toEqual(['Baptism 1', 'Baptism 2', 'Baptism 3']);
  });

  it('uses each file name without its extension when no title is given', () => {
    expect(photoTitles('  ', ['IMG_2041.jpeg', 'choir.final.png', 'noextension', '.hidden'])).toEqual([
      'IMG_2041',
      'choir.final',
      'noextension',
      '.hidden',
    ]);
  });

  it('trims the title before numbering', () => {
    expect(photoTitles(' Harvest ', ['x.jpg'])).toEqual(['Harvest 1']);
  });
});
