import type { Sermon } from '@gather/contracts';
import { Button, ExternalButtonLink } from '../../components/Button';
import { CardPicture, ContentCard } from '../../components/ContentCard';
import { Badge } from '../../components/States';
import { useToast } from '../../components/Toast';
import { mediaUrl } from '../../lib/api';
import { formatDate, truncate } from '../../lib/format';

export const NO_VIDEO = 'No video URL available for this sermon.';

/** A sermon in the public card family; the featured one (newest) is larger and says so. */
export function SermonCard({
  sermon,
  featured,
  descriptionLimit = 140,
  className,
}: {
  sermon: Sermon;
  featured?: boolean;
  descriptionLimit?: number;
  className?: string;
}) {
  return (
    <ContentCard
      featured={featured}
      className={className}
      titleLevel={featured ? 'h2' : 'h3'}
      picture={<CardPicture src={mediaUrl(sermon.thumbnail)} alt={sermon.title} seed={sermon.id + 1} />}
      badge={featured ? <Badge tone="purple">Latest sermon</Badge> : undefined}
      eyebrow={<time dateTime={sermon.date}>{formatDate(sermon.date)}</time>}
      title={sermon.title}
      facts={[sermon.speaker]}
      actions={<WatchButton sermon={sermon} />}
    >
      {sermon.description && <p>{truncate(sermon.description, descriptionLimit)}</p>}
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
