import type { PublicCollection } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api';
import { formClock } from '../../lib/spam-check';
import { COLLECTION } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { PhotoUploadPage } from './PhotoUploadPage';
import { acceptsFile, captureName, pickerAccept, skippedMessage, sortFiles } from './upload-rules';

// These tests follow the page through the one-call upload a browser without tus falls back to; the resumable
// path is tried in a real browser against a real server (tests/e2e/photo-upload-resume.test.ts).
vi.mock('tus-js-client', () => ({ isSupported: false }));

const MIB = 1024 * 1024;
const PHOTOS_ONLY = { allow_videos: false, max_file_size_mb: 2 };
const WITH_VIDEOS = { allow_videos: true, max_file_size_mb: 2 };

const sized = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe('which files a collection takes', () => {
  it('takes images up to the size limit, and videos only where allowed', () => {
    expect(acceptsFile({ type: 'image/jpeg', size: 2 * MIB }, PHOTOS_ONLY)).toBe(true);
    expect(acceptsFile({ type: 'image/png', size: 2 * MIB + 1 }, PHOTOS_ONLY)).toBe(false);
    expect(acceptsFile({ type: 'video/mp4', size: 1_000 }, PHOTOS_ONLY)).toBe(false);
    expect(acceptsFile({ type: 'video/mp4', size: 1_000 }, WITH_VIDEOS)).toBe(true);
    expect(acceptsFile({ type: 'text/plain', size: 10 }, WITH_VIDEOS)).toBe(false);
    expect(acceptsFile({ type: '', size: 10 }, WITH_VIDEOS)).toBe(false);
  });

  it('counts what it skips, and offers only what it takes in the picker', () => {
    const files = [
      { type: 'image/jpeg', size: 10 },
      { type: 'video/webm', size: 10 },
      { type: 'image/heic', size: 3 * MIB },
    ];
    expect(sortFiles(files, PHOTOS_ONLY)).toEqual({ accepted: [files[0]], skipped: 2 });
    expect(skippedMessage(2)).toBe('2 file(s) were skipped due to size or type restrictions.');
    expect(pickerAccept(false)).toBe('image/*');
    expect(pickerAccept(true)).toBe('image/*,video/*');
  });

  it('names camera captures by kind and time', () => {
    const at = new Date('2026-11-22T10:15:30.250Z');
    expect(captureName('photo', at)).toBe('photo-2026-11-22T10-15-30.jpg');
    expect(captureName('video', at)).toBe('video-2026-11-22T10-15-30.webm');
  });
});

function serveCollection(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

function collection(changes: Partial<PublicCollection> = {}): PublicCollection {
  return {
    id: COLLECTION,
    name: 'Harvest Festival',
    description: 'Photos from our harvest weekend.',
    allow_videos: false,
    max_file_size_mb: 2,
    ...changes,
  };
}

async function openPage(changes: Partial<PublicCollection> = {}, user?: { applyAccept: boolean }) {
  serveCollection({ status: 200, body: collection(changes) });
  const rendered = renderPage(<PhotoUploadPage />, {
    at: `/photo-upload/${COLLECTION}`,
    path: '/photo-upload/:collectionId',
    user,
  });
  const picker = await screen.findByLabelText(/Drag and drop files here/);
  return { ...rendered, picker: picker as HTMLInputElement };
}

const uploadButton = () => screen.getByRole('button', { name: /^Upload \d+ File\(s\)$/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the photo upload page', () => {
  it("shows the collection's name and limits, and offers images only where videos are not allowed", async () => {
    const { picker } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Harvest Festival' })).toBeTruthy();
    expect(screen.getByText('Maximum 2 MB per file · images only')).toBeTruthy();
    expect(picker.getAttribute('accept')).toBe('image/*');
    expect(screen.queryByRole('button', { name: 'Record Video' })).toBeNull();
    expect(uploadButton()).toHaveProperty('disabled', true);
  });

  it('offers video recording and video files where videos are allowed, with fallbacks for a bare collection', async () => {
    const { picker } = await openPage({ allow_videos: true, name: '', description: '' });
    expect(screen.getByRole('heading', { level: 1, name: 'Photo Collection' })).toBeTruthy();
    expect(screen.getByText('Maximum 2 MB per file · images and videos')).toBeTruthy();
    expect(picker.getAttribute('accept')).toBe('image/*,video/*');
    expect(screen.getByRole('button', { name: 'Record Video' })).toBeTruthy();
  });

  it('skips files too big or of the wrong kind, saying how many, and lists the rest', async () => {
    // As files dropped on the page arrive: the picker's own filter never saw them.
    const { user, picker } = await openPage({}, { applyAccept: false });
    await user.upload(picker, [
      sized('choir.jpg', 'image/jpeg', 1_500),
      sized('huge.jpg', 'image/jpeg', 3 * MIB),
      sized('notes.txt', 'text/plain', 20),
    ]);
    expect(screen.getByText('2 file(s) were skipped due to size or type restrictions.')).toBeTruthy();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('choir.jpg1.5 KB')]);
    expect(uploadButton().textContent).toBe('Upload 1 File(s)');

    await user.click(screen.getByRole('button', { name: 'Remove choir.jpg' }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(uploadButton()).toHaveProperty('disabled', true);
  });

  it('uploads one file at a time in order, skips a failure, and offers more uploads', async () => {
    const sent: string[] = [];
    const checks: unknown[] = [];
    let now = 1_000;
    vi.spyOn(formClock, 'now').mockImplementation(() => now);
    vi.spyOn(api, 'upload').mockImplementation(async (_path, form, options) => {
      const file = form.get('file') as File;
      sent.push(`${file.name} by ${String(form.get('uploader_name'))}`);
      checks.push([form.get('website'), form.get('fill_time_ms')]);
      now += 5_000;
      options?.onProgress?.(50, 100);
      if (file.name === 'broken.jpg') throw new ApiError(415, { file: ['This file type is not allowed.'] });
      return { id: sent.length };
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, picker } = await openPage();
    await user.type(screen.getByLabelText(/Your Name/), '  Grace  ');
    await user.upload(picker, [
      sized('one.jpg', 'image/jpeg', 100),
      sized('broken.jpg', 'image/jpeg', 100),
      sized('three.png', 'image/png', 100),
    ]);
    now += 30_000;
    await user.click(uploadButton());

    expect(await screen.findByRole('heading', { name: 'Upload Successful' })).toBeTruthy();
    expect(sent).toEqual(['one.jpg by Grace', 'broken.jpg by Grace', 'three.png by Grace']);
    // Every file of the batch carries the time the visitor took to choose them, however long each took to send.
    expect(checks).toEqual(Array(3).fill(['', '30000']));
    expect(screen.getByText('2 files uploaded')).toBeTruthy();
    expect(screen.getByText('The page will refresh in 5 seconds.')).toBeTruthy();
    expect(console.error).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Upload More Files' }));
    expect(uploadButton().textContent).toBe('Upload 0 File(s)');
    expect(screen.getByLabelText(/Your Name/)).toHaveProperty('value', '');
  });

  it('says so when no file could be uploaded, and lets the visitor try again', async () => {
    vi.spyOn(api, 'upload').mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, picker } = await openPage();
    await user.upload(picker, [sized('one.jpg', 'image/jpeg', 100)]);
    await user.click(uploadButton());

    expect(await screen.findByRole('heading', { name: 'Upload Error' })).toBeTruthy();
    expect(screen.getByText('Failed to upload files. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(uploadButton().textContent).toBe('Upload 1 File(s)');
  });

  it('tells the visitor when the camera cannot be used', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    expect(await screen.findByText('Unable to access camera. Please check permissions.')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  });

  it('says the collection was not found when it cannot be loaded', async () => {
    serveCollection({ status: 404, body: { detail: 'Not found.' } });
    const { user } = renderPage(<PhotoUploadPage />, {
      at: `/photo-upload/${COLLECTION}`,
      path: '/photo-upload/:collectionId',
    });
    expect(await screen.findByRole('heading', { name: 'Collection Not Found' })).toBeTruthy();
    expect(screen.getByText('Failed to load collection')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    await waitFor(() => expect(screen.getByText('Home page')).toBeTruthy());
  });
});
