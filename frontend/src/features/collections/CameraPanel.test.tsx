import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CameraPanel } from './CameraPanel';

function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn().mockResolvedValue(stream);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  return { track, getUserMedia };
}

/** MediaRecorder as a browser that supports it behaves: data arrives, then stop. */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  state: RecordingState = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    FakeRecorder.made.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frames'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

beforeEach(() => {
  FakeRecorder.made = [];
  // jsdom draws nothing; a browser's canvas hands back the captured frame as a jpeg.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    callback(new Blob(['jpeg bytes'], { type }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the camera', () => {
  it('turns a captured photo into a timestamped jpeg, then turns the camera off', async () => {
    const { track, getUserMedia } = fakeCamera();
    const captured: File[] = [];
    const { user } = renderPage(<CameraPanel allowVideos={false} onCapture={(file) => captured.push(file)} />);
    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
    expect(screen.queryByRole('button', { name: 'Record Video' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Capture Photo' }));

    expect(captured).toHaveLength(1);
    expect(captured[0]!.name).toMatch(/^photo-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.jpg$/);
    expect(captured[0]!.type).toBe('image/jpeg');
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Take Photo' })).toBeTruthy();
  });

  it('records a webm video with sound, counting the seconds, then turns the camera off', async () => {
    const { track, getUserMedia } = fakeCamera();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const captured: File[] = [];
    const { user } = renderPage(<CameraPanel allowVideos onCapture={(file) => captured.push(file)} />);
    await user.click(screen.getByRole('button', { name: 'Record Video' }));
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: true }));
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    expect(FakeRecorder.made[0]!.options).toEqual({ mimeType: 'video/webm' });

    await user.click(screen.getByRole('button', { name: /^Stop Recording \(0s\)$/ }));
    expect(captured.map((file) => [file.type, /^video-.*\.webm$/.test(file.name)])).toEqual([['video/webm', true]]);
    expect(track.stop).toHaveBeenCalled();
  });

  it('says when recording is not supported', async () => {
    fakeCamera();
    vi.stubGlobal(
      'MediaRecorder',
      class {
        constructor() {
          throw new DOMException('unsupported', 'NotSupportedError');
        }
      },
    );
    const { user } = renderPage(<CameraPanel allowVideos onCapture={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Record Video' }));
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    expect(screen.getByText('Unable to start recording. Your browser may not support this feature.')).toBeTruthy();
  });

  it('turns the camera off on Stop Camera and when the visitor leaves the page', async () => {
    const { track } = fakeCamera();
    const { user, unmount } = renderPage(<CameraPanel allowVideos onCapture={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    await user.click(await screen.findByRole('button', { name: 'Stop Camera' }));
    expect(track.stop).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    await screen.findByRole('button', { name: 'Capture Photo' });
    unmount();
    await waitFor(() => expect(track.stop).toHaveBeenCalledTimes(2));
  });
});
