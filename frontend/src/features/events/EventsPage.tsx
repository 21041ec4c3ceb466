import type { ChurchEvent } from '@gather/contracts';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { Alert, EmptyState, LoadingState } from '../../components/States';
import { useSpecialEvents, useUpcomingEvents } from './api';
import { EventCard } from './EventCard';
import { withoutSpecial } from './event-rules';
import styles from './EventsPage.module.css';

export const EVENTS_FAILURE = 'Failed to load events. Please try again later.';
const EVENTS_PAGE_DESCRIPTION_LIMIT = 120;
/** Every upcoming event and the weekly services, for a phone's calendar app to subscribe to (served by the API). */
const CHURCH_CALENDAR = '/calendar.ics';

const REGULAR_ACTIVITIES = [
  { when: 'Sundays, 10:00 AM', name: 'Main Service', text: 'Worship, prayer and the Bible, in person and online.' },
  { when: 'Mondays, 7:00 PM', name: 'Grow in the Word', text: 'Bible study with open questions and good company.' },
  { when: 'Wednesdays, 7:00 PM', name: 'Prayer Meeting', text: 'We pray for one another, our city and the world.' },
  { when: 'Thursdays, 7:00 PM', name: 'Choir Practice', text: 'Everyone who loves to sing is welcome.' },
  { when: 'Fridays, 7:00 PM', name: 'Youth Meeting', text: 'Games, food and worship for young people.' },
  { when: 'First Saturday of the month', name: "Men's Fellowship", text: 'Breakfast, friendship and encouragement.' },
  { when: 'Second Saturday of the month', name: "Women's Fellowship", text: 'Time to share, pray and grow.' },
];

export function EventsPage() {
  const special = useSpecialEvents();
  const upcoming = useUpcomingEvents();
  const failed = special.isError || upcoming.isError;

  return (
    <>
      <PageHero eyebrow="What's on" title="Events">
        <p>Special occasions, upcoming gatherings and the rhythm of our week. Everyone is welcome.</p>
        <p>
          <a className={styles.subscribe} href={CHURCH_CALENDAR}>
            Subscribe to our calendar
          </a>
        </p>
      </PageHero>
      {failed && (
        <div className={`container ${styles.alert}`}>
          <Alert>{EVENTS_FAILURE}</Alert>
        </div>
      )}
      <Reveal as="section" className={`container ${styles.section}`}>
        <SectionHeading id="special-events" eyebrow="Featured" title="Don't Miss These Special Events" />
        <EventGrid
          labelledBy="special-events"
          leadsPage
          loading={special.isPending}
          events={special.data}
          empty={<EmptyState title="No Special Events Currently">Check back soon for what is coming up.</EmptyState>}
        />
      </Reveal>
      <Reveal as="section" className={`container ${styles.section}`}>
        <SectionHeading id="upcoming-events" eyebrow="Coming up" title="Upcoming Events" />
        <EventGrid
          labelledBy="upcoming-events"
          loading={upcoming.isPending}
          events={upcoming.data && withoutSpecial(upcoming.data)}
          empty={<EmptyState title="No upcoming events at this time." />}
        />
      </Reveal>
      <Reveal as="section" className={styles.regular}>
        <div className="container">
          <SectionHeading id="regular-activities" eyebrow="Every week" title="Regular Activities" />
          <ul className={styles.activities} aria-labelledby="regular-activities">
            {REGULAR_ACTIVITIES.map((activity) => (
              <li key={activity.name} className={styles.activity}>
                <p className={styles.when}>{activity.when}</p>
                <h3 className={styles.activityName}>{activity.name}</h3>
                <p className={styles.activityText}>{activity.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>
    </>
  );
}

function EventGrid({
  labelledBy,
  loading,
  events,
  empty,
  leadsPage = false,
}: {
  labelledBy: string;
  /** The first grid on the page: its first picture is on a phone's first screen. */
  leadsPage?: boolean;
  loading: boolean;
  events: ChurchEvent[] | undefined;
  empty: React.ReactNode;
}) {
  if (loading) return <LoadingState text="Loading events..." />;
  if (!events?.length) return empty;
  return (
    <ul className={styles.grid} aria-labelledby={labelledBy}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            descriptionLimit={EVENTS_PAGE_DESCRIPTION_LIMIT}
            onFirstScreen={leadsPage && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
