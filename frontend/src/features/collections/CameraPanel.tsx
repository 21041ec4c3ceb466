import { Button } from '../../components/Button';
import { CameraIcon, VideoIcon } from './icons';
import { useCamera } from './useCamera';
import styles from './PhotoUploadPage.module.css';

/** Take a photo or record a video with the device's front camera, straight into the upload list. */
export function CameraPanel({ allowVideos, onCapture }: { allowVideos: boolean; onCapture: (file: File) => void }) {
  const camera = useCamera(onCapture);

  return (
    <section className={styles.camera} aria-label="Camera">
      <div className={styles.cameraButtons}>
        {camera.mode ? (
          <Button variant="secondary" onClick={camera.stop}>
            Stop Camera
          </Button>
        ) : (
          <>
            <Button variant="secondary" icon={<CameraIcon />} onClick={() => camera.start('photo')}>
              Take Photo
            </Button>
            {allowVideos && (
              <Button variant="secondary" icon={<VideoIcon />} onClick={() => camera.start('video')}>
                Record Video
              </Button>
            )}
          </>
        )}
      </div>
      {camera.mode && (
        <div className={styles.preview}>
          <video ref={camera.attachPreview} className={styles.previewVideo} autoPlay playsInline muted />
          <div className={styles.cameraButtons}>
            {camera.mode === 'photo' && <Button onClick={camera.capturePhoto}>Capture Photo</Button>}
            {camera.mode === 'video' && !camera.recording && (
              <Button onClick={camera.startRecording}>Start Recording</Button>
            )}
            {camera.recording && (
              <Button variant="danger" onClick={camera.stopRecording}>
                Stop Recording ({camera.elapsed}s)
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
