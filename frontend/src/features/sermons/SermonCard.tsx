import type { Sermon } from '@gather/contracts';
import { Button, ExternalButtonLink } from '../../components/Button';
import { CardPicture, ContentCard } from '../../components/ContentCard';
import { Badge } from '../../components/States';
import { useToast } from '../../components/Toast';
import { mediaUrl } from '../../lib/api';
import { formatDate, truncate } from '../../lib/format';
import { listeningTime } from './sermon-rules';
import styles from './SermonCard.module.css';

export const NO_VIDEO = 'No video URL available for this sermon.';

/** A sermon in the public card family; the featured one (newest) is larger and says so. */
export function SermonCard({
  sermon,
  featured,
  descriptionLimit = 140,
  className,
  titleLevel,
}: {
  sermon: Sermon;
  featured?: boolean;
  descriptionLimit?: number;
  className?: string;
  /** Under a series heading a card's title is one level deeper. */
  titleLevel?: 'h3' | 'h4';
}) {
  return (
    <ContentCard
      featured={featured}
      className={className}
      titleLevel={featured ? 'h2' : (titleLevel ?? 'h3')}
      picture={<CardPicture src={mediaUrl(sermon.thumbnail)} alt={sermon.title} seed={sermon.id + 1} />}
      badge={featured ? <Badge tone="purple">Latest sermon</Badge> : undefined}
      eyebrow={<time dateTime={sermon.date}>{formatDate(sermon.date)}</time>}
      title={sermon.title}
      facts={[sermon.speaker, ...(sermon.series ? [`Series: ${sermon.series.title}`] : [])]}
      actions={<WatchButton sermon={sermon} />}
    >
      {sermon.description && <p>{truncate(sermon.description, descriptionLimit)}</p>}
      {sermon.audio_url && <SermonAudio sermon={sermon} />}
    </ContentCard>
  );
}

function WatchButton({ sermon }: { sermon: Sermon }) {
  const toast = useToast();
  const label = (
    <>
      Watch<span className="visually-hidden">{` ${sermon.title}`}</span>
    </>
  );
  if (sermon.video_url)
    return (
      <ExternalButtonLink href={sermon.video_url} size="sm">
        {label}
      </ExternalButtonLink>
    );
  return (
    <Button size="sm" onClick={() => toast.info(NO_VIDEO)}>
      {label}
    </Button>
  );
}

/** The browser's own player: keyboard and screen-reader ready; nothing loads until the visitor presses play. */
function SermonAudio({ sermon }: { sermon: Sermon }) {
  const length = sermon.audio_duration_seconds ? ` (${listeningTime(sermon.audio_duration_seconds)})` : '';
  return (
    <figure className={styles.audio}>
      <figcaption className={styles.audioCaption}>{`Listen${length}`}</figcaption>
      <audio controls preload="none" src={sermon.audio_url ?? undefined} aria-label={`Listen to ${sermon.title}`}>
        <a href={sermon.audio_url ?? undefined}>Download the recording of {sermon.title}</a>
      </audio>
    </figure>
  );
}
