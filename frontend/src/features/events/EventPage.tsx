import { useParams } from 'react-router-dom';
import { ButtonLink, ExternalButtonLink } from '../../components/Button';
import { CardPicture } from '../../components/ContentCard';
import { PageHero } from '../../components/PageHero';
import { Badge, EmptyState, LoadingState } from '../../components/States';
import { mediaUrl } from '../../lib/api';
import { formatEventPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { eventCalendarFile, googleCalendarLink } from './add-to-calendar';
import { useEvent } from './api';
import { useRegistrationState } from './registration';
import { SignUpPanel } from './SignUpPanel';
import { eventButtonText, eventTarget, STATUS_LABELS, STATUS_TONES } from './event-rules';
import styles from './EventPage.module.css';

/** One event on a page of its own: the link people share, with "Add to calendar". */
export function EventPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const registration = useRegistrationState(eventId);
  usePageMeta({ title: event.data?.title ?? 'Event', description: event.data?.description });

  if (event.isPending && event.fetchStatus !== 'idle') {
    return (
      <div className={`container ${styles.page}`}>
        <LoadingState text="Loading event..." />
      </div>
    );
  }
  if (!event.data) {
    return (
      <div className={`container ${styles.page}`}>
        <EmptyState title="Event not found">
          <p>It may have been removed. See what else is on.</p>
          <ButtonLink to="/events">All events</ButtonLink>
        </EmptyState>
      </div>
    );
  }

  const data = event.data;
  const target = eventTarget(data);
  const label = eventButtonText(data);
  return (
    <>
      <PageHero eyebrow={data.formatted_time} title={data.title}>
        <p>
          <Badge tone={STATUS_TONES[data.status]}>{STATUS_LABELS[data.status]}</Badge>
        </p>
      </PageHero>
      <div className={`container ${styles.page} ${styles.layout}`}>
        <div className={styles.main}>
          <div className={styles.picture}>
            <CardPicture src={mediaUrl(data.image)} alt={data.title} seed={data.id} onFirstScreen />
          </div>
          <p className={styles.description}>{data.description}</p>
        </div>
        <aside className={styles.side}>
          <dl className={styles.facts}>
            <dt>When</dt>
            <dd>
              <time dateTime={data.date}>{data.formatted_time}</time>
            </dd>
            <dt>Where</dt>
            <dd>{[data.location, data.venue_address].filter(Boolean).join(', ')}</dd>
            <dt>Price</dt>
            <dd>{formatEventPrice(data.price)}</dd>
            {data.organizer && (
              <>
                <dt>Organised by</dt>
                <dd>{data.organizer}</dd>
              </>
            )}
          </dl>
          {registration.data?.enabled ? (
            <SignUpPanel eventId={eventId} state={registration.data} />
          ) : target.external ? (
            <ExternalButtonLink href={target.href} block>
              {label}
            </ExternalButtonLink>
          ) : (
            <ButtonLink to={target.href} block>
              {label}
            </ButtonLink>
          )}
          <section className={styles.calendar} aria-labelledby="add-to-calendar">
            <h2 id="add-to-calendar" className={styles.calendarTitle}>
              Add to calendar
            </h2>
            <a className={styles.calendarLink} href={eventCalendarFile(data)} download={`${data.title}.ics`}>
              Phone or computer calendar (.ics)
            </a>
            <a
              className={styles.calendarLink}
              href={googleCalendarLink(data)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </section>
        </aside>
      </div>
    </>
  );
}
