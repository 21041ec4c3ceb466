import { ANONYMOUS_NAME, type CollectionUpload } from '@gather/contracts';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { mediaUrl } from '../../lib/api';
import { nextSlide, slideSource, videoLimitMs } from './slideshow';
import styles from './Slideshow.module.css';

interface SlideshowProps {
  name: string;
  uploadPath: string;
  /** What may be shown, oldest first. */
  playlist: CollectionUpload[];
  loading: boolean;
  seconds: number;
}

type Slot = 0 | 1;
/** Controls and the cursor go after this long without the mouse moving. */
const IDLE_MS = 3_000;
/** A slide that would not load is skipped after this pause, so a list of broken files never spins. */
const SKIP_MS = 1_000;

/**
 * Two slides, each with one <img> and one <video> that are reused for ever: the next upload loads
 * into the slide at the back, which then fades to the front. Photos stay `seconds`; videos, muted,
 * play through. Nothing is created per upload, so the page runs for hours in the same memory.
 */
export function Slideshow({ name, uploadPath, playlist, loading, seconds }: SlideshowProps) {
  const [slides, setSlides] = useState<[CollectionUpload | null, CollectionUpload | null]>([null, null]);
  const [front, setFront] = useState<Slot>(0);
  const [loadingSlot, setLoadingSlot] = useState<Slot | null>(null);
  const [round, setRound] = useState(0);
  const [nextWanted, setNextWanted] = useState({ count: 0, afterMs: 0 });
  const wantNext = (afterMs = 0) => setNextWanted((wanted) => ({ count: wanted.count + 1, afterMs }));
  const videos = useRef<[HTMLVideoElement | null, HTMLVideoElement | null]>([null, null]);
  const chosenId = useRef<number | null>(null);
  const newestShown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { idle, screenRef, fullScreen, toggleFullScreen } = useProjector();
  const showing = slides[front];
  // The server draws the page without knowing the address visitors reach it by: the path alone, then.
  const siteOrigin = useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => '',
  );

  const advance = useEffectEvent(() => {
    clearTimeout(timer.current);
    const next = nextSlide(playlist, chosenId.current, newestShown.current);
    if (!next) {
      if (showing && !playlist.some((upload) => upload.id === showing.id)) setSlides([null, null]);
      return;
    }
    chosenId.current = next.id;
    newestShown.current = Math.max(newestShown.current, next.id);
    if (next.id === showing?.id) return setRound((count) => count + 1);
    const back: Slot = front === 0 ? 1 : 0;
    if (slides[back]?.id === next.id) return shown(back);
    setSlides((current) => (back === 0 ? [next, current[1]] : [current[0], next]));
    setLoadingSlot(back);
  });

  /** The slide at the back has loaded: it comes to the front. */
  const shown = (slot: Slot) => {
    setLoadingSlot(null);
    setFront(slot);
    setRound((count) => count + 1);
  };
  const loaded = (slot: Slot) => {
    if (slot === loadingSlot) shown(slot);
  };
  const failed = (slot: Slot) => {
    if (slot !== loadingSlot) return;
    setLoadingSlot(null);
    wantNext(SKIP_MS);
  };

  useEffect(() => {
    if (!nextWanted.count) return;
    const wait = setTimeout(advance, nextWanted.afterMs);
    return () => clearTimeout(wait);
  }, [nextWanted]);

  // Starts once there is something to show, and moves on when the slide shown was taken away.
  useEffect(() => {
    if (loadingSlot !== null) return;
    if (!showing || !playlist.some((upload) => upload.id === showing.id)) advance();
  }, [playlist, showing, loadingSlot]);

  // The slide at the front stays its time: a photo `seconds`, a video until it ends (or its limit).
  useEffect(() => {
    if (!showing || loadingSlot !== null) return;
    const behind = videos.current[front === 0 ? 1 : 0];
    behind?.pause();
    const video = videos.current[front];
    if (showing.file_type === 'video' && video) {
      video.currentTime = 0;
      void video.play().catch(() => undefined);
      timer.current = setTimeout(advance, videoLimitMs(showing));
    } else {
      timer.current = setTimeout(advance, seconds * 1000);
    }
    return () => clearTimeout(timer.current);
  }, [showing, front, loadingSlot, round, seconds]);

  const empty = !loading && playlist.length === 0;
  return (
    <main id="main" ref={screenRef} className={`${styles.screen} ${idle ? styles.idle : ''}`}>
      <h1 className="visually-hidden">{name ? `${name}: slideshow` : 'Slideshow'}</h1>
      {([0, 1] as const).map((slot) => {
        const upload = slides[slot];
        const source = upload && slideSource(upload);
        const isVideo = upload?.file_type === 'video';
        const atFront = slot === front && loadingSlot !== slot && upload !== null;
        return (
          <figure
            key={slot}
            className={`${styles.slide} ${atFront ? styles.front : ''}`}
            aria-hidden={!atFront}
            data-upload={upload?.id}
          >
            <img
              className={styles.media}
              hidden={!upload || isVideo}
              src={!isVideo && source ? mediaUrl(source) : undefined}
              alt={upload && !isVideo ? `Photo shared by ${upload.uploader_name}` : ''}
              onLoad={() => loaded(slot)}
              onError={() => failed(slot)}
            />
            <video
              ref={(element) => {
                videos.current[slot] = element;
              }}
              className={styles.media}
              hidden={!isVideo}
              src={isVideo && source ? mediaUrl(source) : undefined}
              poster={isVideo && upload.poster ? mediaUrl(upload.poster) : undefined}
              muted
              playsInline
              preload="auto"
              onLoadedData={() => loaded(slot)}
              onError={() => failed(slot)}
              onEnded={() => slot === front && wantNext()}
            />
            {upload && upload.uploader_name !== ANONYMOUS_NAME && (
              <figcaption className={styles.caption}>Shared by {upload.uploader_name}</figcaption>
            )}
          </figure>
        );
      })}
      {empty && (
        <div className={styles.message}>
          <p className={styles.messageTitle}>{name}</p>
          <p>Photos will appear here as they are shared.</p>
          <p className={styles.uploadHint}>Share yours at {`${siteOrigin}${uploadPath}`}</p>
        </div>
      )}
      <div className={styles.controls}>
        {name && <p className={styles.name}>{name}</p>}
        <button type="button" className={styles.fullScreen} onClick={toggleFullScreen}>
          {fullScreen ? 'Exit Full Screen' : 'Full Screen'}
        </button>
      </div>
    </main>
  );
}

const unchanging = () => () => undefined;

/** Full screen on request, and the cursor and controls out of the way while the mouse rests. */
function useProjector() {
  const screenRef = useRef<HTMLElement>(null);
  const [idle, setIdle] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), IDLE_MS);
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_MS);
    };
    const changed = () => setFullScreen(document.fullscreenElement !== null);
    window.addEventListener('pointermove', wake);
    window.addEventListener('keydown', wake);
    document.addEventListener('fullscreenchange', changed);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('keydown', wake);
      document.removeEventListener('fullscreenchange', changed);
    };
  }, []);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void screenRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { idle, screenRef, fullScreen, toggleFullScreen };
}
