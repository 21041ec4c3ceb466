import { PRAYER_WALL_PAGE_SIZE, type WallPrayer } from '@gather/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { Pagination } from '../../components/Pagination';
import { Alert, EmptyState, LoadingState } from '../../components/States';
import { formatDate } from '../../lib/format';
import { usePrayed, useWall } from './api';
import { useWallRoom } from './live';
import styles from './PrayerPage.module.css';

export function PrayerWallPage() {
  const [page, setPage] = useState(1);
  const wall = useWall(page);
  const live = useWallRoom();
  return (
    <>
      <PageHero eyebrow="Pray with us" title="Prayer Wall">
        <p>
          Requests shared by our church family, read first by our pastoral team. Tap "I prayed" to let them know.{' '}
          <Link to="/prayer">Send your own request</Link>.
        </p>
      </PageHero>
      <section className={`container ${styles.wall}`} aria-label="Prayer requests">
        <p className={styles.live} role="status">
          {live.joined ? 'Updating live' : ''}
        </p>
        {wall.isPending ? (
          <LoadingState />
        ) : wall.isError ? (
          <Alert>We couldn't load the prayer wall. Please reload the page.</Alert>
        ) : wall.data.results.length === 0 ? (
          <EmptyState title="No requests on the wall just now" />
        ) : (
          <>
            <ul className={styles.requests}>
              {wall.data.results.map((request) => (
                <WallCard key={request.id} request={request} />
              ))}
            </ul>
            <Pagination page={page} pageSize={PRAYER_WALL_PAGE_SIZE} count={wall.data.count} onPageChange={setPage} />
          </>
        )}
      </section>
    </>
  );
}

function WallCard({ request }: { request: WallPrayer }) {
  const prayed = usePrayed();
  const done = prayed.isSuccess;
  const people = request.prayed_count === 1 ? '1 person prayed' : `${request.prayed_count} people prayed`;
  return (
    <li className={styles.request} aria-labelledby={`prayer-${request.id}`}>
      <p id={`prayer-${request.id}`} className={styles.text}>
        {request.text}
      </p>
      <p className={styles.meta}>
        {request.name ?? 'Anonymous'} · {formatDate(request.approved_at)}
      </p>
      <div className={styles.prayedRow}>
        <span className={styles.count} aria-live="polite" data-testid="prayed-count">
          {people}
        </span>
        <Button
          variant={done ? 'secondary' : 'primary'}
          busy={prayed.isPending}
          disabled={done}
          onClick={() => prayed.mutate(request.id)}
        >
          {done ? 'You prayed' : 'I prayed'}
        </Button>
      </div>
      {prayed.isError && <Alert>Your prayer was not counted. Please try again.</Alert>}
    </li>
  );
}
