import type { AlbumPhoto } from '@gather/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageViewer } from './ImageViewer';

const photo = (id: number): AlbumPhoto => ({
  id,
  title: `Picnic ${id}`,
  description: '',
  image: `/media/gallery/picnic-${id}.jpg`,
  file: `/media/gallery/picnic-${id}.jpg`,
  status: 'ready',
  thumbnail: null,
  original_filename: `picnic-${id}.jpg`,
  uploader_name: 'Staff',
  created_at: '2026-06-01T10:00:00.000Z',
  uploaded_at: '2026-06-01T10:00:00.000Z',
});

function Album({ onClosed }: { onClosed?: () => void }) {
  const [index, setIndex] = useState<number | null>(0);
  if (index === null) return <p>Viewer closed</p>;
  return (
    <ImageViewer
      albumTitle="Summer picnic"
      photos={[photo(1), photo(2), photo(3)]}
      index={index}
      onIndexChange={setIndex}
      onClose={() => {
        setIndex(null);
        onClosed?.();
      }}
    />
  );
}

const shownPhoto = () => screen.getByRole('img').getAttribute('alt');

describe('the image viewer', () => {
  it('counts the photos and stops at each end', async () => {
    const user = userEvent.setup();
    render(<Album />);
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(shownPhoto()).toBe('Picnic 1');
    expect(screen.getByRole('button', { name: 'Previous photo' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous photo' }).hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(shownPhoto()).toBe('Picnic 3');
    expect(screen.getByRole('button', { name: 'Next photo' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves with the arrow keys, not past either end', async () => {
    const user = userEvent.setup();
    render(<Album />);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('1 of 3')).toBeTruthy();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByText('3 of 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(shownPhoto()).toBe('Picnic 2');
  });

  it('offers the photo itself for download', () => {
    render(<Album />);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/media/gallery/picnic-1.jpg');
    expect(download.getAttribute('download')).toBe('picnic-1.jpg');
  });

  it('closes with Esc, once', async () => {
    const user = userEvent.setup();
    let closes = 0;
    render(<Album onClosed={() => closes++} />);
    await user.keyboard('{Escape}');
    expect(screen.getByText('Viewer closed')).toBeTruthy();
    expect(closes).toBe(1);
  });
});
