import type { EventArrivals } from '@gather/contracts';
import { Link } from 'react-router-dom';
import { formatClock } from '../../lib/format';
import { useTodaysArrivals } from './api';
import { useArrivalCounts, useEventDoor } from './live';
import styles from './OverviewSection.module.css';

/** Today's doors on the dashboard: who has arrived against the places, moving as each phone checks someone in. */
export function TodaysArrivals() {
  const arrivals = useTodaysArrivals();
  useArrivalCounts();
  const events = arrivals.data?.events ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="arrivals-heading">
      <h2 id="arrivals-heading" className={styles.subheading}>
        Today's arrivals
      </h2>
      <ul className={styles.arrivals}>
        {events.map((event) => (
          <Door key={event.event_id} event={event} />
        ))}
      </ul>
    </section>
  );
}

function Door({ event }: { event: EventArrivals }) {
  useEventDoor(event.event_id);
  return (
    <li className={styles.door}>
      <Link to={`/admin/events/${event.event_id}/check-in`} className={styles.doorTitle}>
        {event.title}
      </Link>
      <span className={styles.doorTime}>{formatClock(event.starts_at)}</span>
      <span className={styles.doorCount} aria-live="polite">
        {event.arrived} arrived of {event.places_taken} confirmed · {event.capacity} places
      </span>
    </li>
  );
}
