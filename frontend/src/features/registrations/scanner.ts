/** How long a code must be out of sight before showing it again counts as a second scan. */
const GONE_MS = 1500;

/**
 * Reads QR codes from the phone's back camera until stopped. The decoder is loaded only when a scan starts, so
 * the console's first load carries none of it.
 */
export async function startScanner(video: HTMLVideoElement, found: (text: string) => void): Promise<() => void> {
  const [{ default: jsQR }, stream] = await Promise.all([
    import('jsqr'),
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
  ]);
  video.srcObject = stream;
  await video.play();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  let running = true;
  let last = '';
  let lastSeenAt = 0;
  const look = () => {
    if (!running) return;
    if (video.videoWidth > 0) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      // The same code held in front of the camera is one scan, however long it is held; taken away and shown
      // again, it is a second scan, which the door is warned of.
      const now = performance.now();
      if (code?.data) {
        if (code.data !== last || now - lastSeenAt > GONE_MS) found(code.data);
        last = code.data;
        lastSeenAt = now;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  return () => {
    running = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
