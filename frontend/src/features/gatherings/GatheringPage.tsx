import type { PublicGathering } from '@gather/contracts';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { LoadingState } from '../../components/States';
import { formatWeekdayDate } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { useCurrentGathering, usePublicGathering } from './api';
import { GatheringTiles, hasLinks } from './GatheringTiles';
import { NextServices } from './NextServices';
import styles from './GatheringPage.module.css';

/** `/sunday`: the current gathering (see GatheringService.current), or the service times when there is none. */
export function SundayPage() {
  const current = useCurrentGathering();
  if (current.isPending) return <Loading />;
  return <Gathering gathering={current.data?.gathering ?? null} />;
}

/** `/gathering/{id}`: where a gathering's QR code leads. */
export function GatheringPage() {
  const gatheringId = useParams().gatheringId ?? '';
  const gathering = usePublicGathering(gatheringId);
  if (gathering.isPending) return <Loading />;
  if (!gathering.data) return <GatheringNotFound />;
  return <Gathering gathering={gathering.data} />;
}

function Gathering({ gathering }: { gathering: PublicGathering | null }) {
  usePageMeta({ title: gathering?.title ?? 'Sunday' });
  const linked = gathering !== null && hasLinks(gathering);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        {gathering && <p className={styles.date}>{formatWeekdayDate(`${gathering.date}T12:00:00Z`)}</p>}
        <h1 className={styles.title}>{gathering?.title ?? 'Join us this week'}</h1>
      </header>
      {!linked && <NextServices />}
      <GatheringTiles gathering={gathering} />
      {gathering?.sermon_notes && (
        <section id="sermon-notes" className={styles.notes} aria-labelledby="sermon-notes-title">
          <h2 id="sermon-notes-title" className={styles.notesTitle}>
            Sermon notes
          </h2>
          <p className={styles.notesText}>{gathering.sermon_notes}</p>
        </section>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className={`container ${styles.page}`}>
      <LoadingState text="Loading..." />
    </div>
  );
}

function GatheringNotFound() {
  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.notFound}>
        <h1 className={styles.title}>Gathering Not Found</h1>
        <p>This link does not lead to a gathering any more. This week&apos;s is always on the Sunday page.</p>
        <ButtonLink to="/sunday">Go to this Sunday</ButtonLink>
      </section>
    </div>
  );
}
