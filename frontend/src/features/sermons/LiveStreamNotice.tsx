import { ExternalButtonLink } from '../../components/Button';
import { useSiteSettings } from '../../lib/site';
import { LIVE_STREAM_TIME } from '../../lib/weekly-services';
import styles from './LiveStreamNotice.module.css';

export function LiveStreamNotice() {
  const liveStream = useSiteSettings().data?.live_stream_url;
  return (
    <aside className={styles.notice} aria-labelledby="live-stream-title">
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.text}>
        <h2 id="live-stream-title" className={styles.title}>
          Join us live
        </h2>
        <p>Our Sunday service is streamed live every {LIVE_STREAM_TIME}. Worship with us wherever you are.</p>
      </div>
      {liveStream && (
        <ExternalButtonLink href={liveStream} variant="light">
          Watch live
        </ExternalButtonLink>
      )}
    </aside>
  );
}
