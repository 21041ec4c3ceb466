import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/Toast';
import { captureName, PHOTO_QUALITY } from './upload-rules';

export type CameraMode = 'photo' | 'video';

const CAMERA_DENIED = 'Unable to access camera. Please check permissions.';
const RECORDING_UNSUPPORTED = 'Unable to start recording. Your browser may not support this feature.';

/**
 * The front camera, for a photo or a video. Every capture becomes a File handed to `onCapture`,
 * after which the camera turns off; it also turns off when the page goes away.
 */
export function useCamera(onCapture: (file: File) => void) {
  const toast = useToast();
  const [mode, setMode] = useState<CameraMode | null>(null);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') {
      recorder.current.ondataavailable = null;
      recorder.current.onstop = null;
      recorder.current.stop();
    }
    recorder.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setRecording(false);
    setMode(null);
  }, []);

  useEffect(() => stop, [stop]);

  useEffect(() => {
    if (!recording) return;
    setElapsed(0);
    const timer = setInterval(() => setElapsed((seconds) => seconds + 1), 1_000);
    return () => clearInterval(timer);
  }, [recording]);

  // The preview element appears only once the camera is on, so the stream is attached when it mounts.
  const attachPreview = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (element && stream.current) element.srcObject = stream.current;
  }, []);

  const start = async (next: CameraMode) => {
    stop();
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: next === 'video',
      });
      setMode(next);
    } catch {
      toast.error(CAMERA_DENIED);
    }
  };

  const capturePhoto = () => {
    const preview = video.current;
    if (!preview) return;
    const canvas = document.createElement('canvas');
    canvas.width = preview.videoWidth;
    canvas.height = preview.videoHeight;
    canvas.getContext('2d')?.drawImage(preview, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], captureName('photo'), { type: 'image/jpeg' }));
        stop();
      },
      'image/jpeg',
      PHOTO_QUALITY,
    );
  };

  const startRecording = () => {
    if (!stream.current) return;
    try {
      const chunks: Blob[] = [];
      const next = new MediaRecorder(stream.current, { mimeType: 'video/webm' });
      next.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      next.onstop = () => {
        onCapture(new File(chunks, captureName('video'), { type: 'video/webm' }));
        stop();
      };
      next.start();
      recorder.current = next;
      setRecording(true);
    } catch {
      toast.error(RECORDING_UNSUPPORTED);
    }
  };

  const stopRecording = () => recorder.current?.stop();

  return { mode, recording, elapsed, attachPreview, start, stop, capturePhoto, startRecording, stopRecording };
}
