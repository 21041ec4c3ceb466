import { defaultHomepageContent } from '@gather/contracts/defaults';
import { ButtonLink } from '../components/Button';
import { FundProgress } from '../components/FundProgress';
import { SectionHeading } from '../components/Heading';
import { Reveal } from '../components/Reveal';
import { EmptyState, LoadingState } from '../components/States';
import { useChurchName, useSiteSettings } from '../lib/site';
import { useUpcomingEvents } from '../features/events/api';
import { EventCard } from '../features/events/EventCard';
import { useLatestSermons } from '../features/sermons/api';
import { SermonCard } from '../features/sermons/SermonCard';
import { NewsletterSignup } from '../features/newsletters/NewsletterSignup';
import { WeeklyServiceCards } from '../features/services/WeeklyServiceCards';
import { useHomepageContent } from '../features/homepage/api';
import { ChurchMap } from '../components/ChurchMap';
import { Hero } from '../features/homepage/Hero';
import styles from './HomePage.module.css';

const HOME_EVENTS = 5;
const HOME_SERMONS = 3;
const HOME_DESCRIPTION_LIMIT = 100;

export function HomePage() {
  const church = useChurchName();
  // Until the stored texts arrive, the server's own defaults: the hero never waits for the network.
  const content = useHomepageContent().data ?? defaultHomepageContent(church);
  const site = useSiteSettings().data;

  return (
    <>
      <Hero content={content} liveStreamUrl={site?.live_stream_url} />

      <Reveal as="section" className={`container ${styles.welcome}`}>
        <div className={styles.welcomeText}>
          <p className={styles.kicker}>About us</p>
          <h2>{content.welcomeTitle}</h2>
          <p className={styles.lead}>{content.welcomeMessage}</p>
          <ButtonLink to="/about" variant="secondary">
            Our story
          </ButtonLink>
        </div>
        <ul className={styles.pillars}>
          <li>
            <strong>Worship</strong> together every Sunday
          </li>
          <li>
            <strong>Grow</strong> in the Word midweek
          </li>
          <li>
            <strong>Belong</strong> to a family since 2020
          </li>
        </ul>
      </Reveal>

      <Reveal as="section" className={styles.band}>
        <div className="container">
          <SectionHeading id="services-title" eyebrow="Every week" title="Join Us This Week">
            Four gatherings, one family. Come to any of them: there is always a seat for you.
          </SectionHeading>
          <WeeklyServiceCards />
        </div>
      </Reveal>

      <FundProgress title="Build With Us" className={`container ${styles.fund}`}>
        <div>
          <ButtonLink to="/building-fund" variant="ghost">
            Pledge to the building fund →
          </ButtonLink>
        </div>
      </FundProgress>

      <UpcomingEvents />
      <LatestSermons />
      <NewsletterSignup />

      <Reveal as="section" className={`container ${styles.section}`}>
        <SectionHeading id="visit-title" eyebrow="Visit us" title="Find Your Way Here">
          We would love to meet you. Here is where we are.
        </SectionHeading>
        <ChurchMap />
      </Reveal>
    </>
  );
}

function UpcomingEvents() {
  const events = useUpcomingEvents();
  const next = events.data?.slice(0, HOME_EVENTS);
  return (
    <Reveal as="section" className={`container ${styles.section}`}>
      <SectionHeading id="events-title" eyebrow="Coming up" title="Upcoming Events" />
      {events.isPending ? (
        <LoadingState text="Loading events..." />
      ) : !next?.length ? (
        <EmptyState title="No upcoming events at this time." />
      ) : (
        <ul className={styles.grid} aria-labelledby="events-title">
          {next.map((event) => (
            <li key={event.id}>
              <EventCard event={event} descriptionLimit={HOME_DESCRIPTION_LIMIT} />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.more}>
        <ButtonLink to="/events" variant="ghost">
          All events →
        </ButtonLink>
      </div>
    </Reveal>
  );
}

function LatestSermons() {
  const sermons = useLatestSermons(HOME_SERMONS);
  return (
    <Reveal as="section" className={styles.band}>
      <div className="container">
        <SectionHeading id="sermons-title" eyebrow="Sermons" title="Latest Messages" />
        {sermons.isPending ? (
          <LoadingState text="Loading sermons..." />
        ) : !sermons.data?.length ? (
          <EmptyState title="No Sermons Available" />
        ) : (
          <ul className={styles.grid} aria-labelledby="sermons-title">
            {sermons.data.map((sermon) => (
              <li key={sermon.id}>
                <SermonCard sermon={sermon} descriptionLimit={HOME_DESCRIPTION_LIMIT} />
              </li>
            ))}
          </ul>
        )}
        <div className={styles.more}>
          <ButtonLink to="/media" variant="ghost">
            All sermons →
          </ButtonLink>
        </div>
      </div>
    </Reveal>
  );
}
