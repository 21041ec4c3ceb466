import type { ChurchEvent } from '@gather/contracts';
import { Link } from 'react-router-dom';
import { ButtonLink, ExternalButtonLink } from '../../components/Button';
import { CardPicture, ContentCard } from '../../components/ContentCard';
import { Badge } from '../../components/States';
import { mediaUrl } from '../../lib/api';
import { formatEventPrice, truncate } from '../../lib/format';
import { eventButtonText, eventTarget, STATUS_LABELS, STATUS_TONES } from './event-rules';
import styles from './EventCard.module.css';

/**
 * An event in the public card family; home cuts the description at 100 characters, the events page at 120.
 * `onFirstScreen`: the card a phone sees first, whose picture is fetched before the rest.
 */
export function EventCard({
  event,
  descriptionLimit,
  onFirstScreen,
}: {
  event: ChurchEvent;
  descriptionLimit: number;
  onFirstScreen?: boolean;
}) {
  const target = eventTarget(event);
  const label = eventButtonText(event);
  return (
    <ContentCard
      picture={
        <CardPicture src={mediaUrl(event.image)} alt={event.title} seed={event.id} onFirstScreen={onFirstScreen} />
      }
      badge={<Badge tone={STATUS_TONES[event.status]}>{STATUS_LABELS[event.status]}</Badge>}
      eyebrow={<time dateTime={event.date}>{event.formatted_time}</time>}
      title={
        <Link to={`/events/${event.id}`} className={styles.titleLink}>
          {event.title}
        </Link>
      }
      facts={[
        <>
          <span className="visually-hidden">Location: </span>
          {event.location}
        </>,
        <>
          <span className="visually-hidden">Price: </span>
          {formatEventPrice(event.price)}
        </>,
      ]}
      actions={
        target.external ? (
          <ExternalButtonLink href={target.href} variant="secondary" size="sm">
            {label}
          </ExternalButtonLink>
        ) : (
          <ButtonLink to={target.href} variant="secondary" size="sm">
            {label}
          </ButtonLink>
        )
      }
    >
      <p>{truncate(event.description, descriptionLimit)}</p>
    </ContentCard>
  );
}
