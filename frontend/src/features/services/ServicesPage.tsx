import { ExternalButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { useSiteSettings } from '../../lib/site';
import { ChurchMap } from '../../components/ChurchMap';
import { LIVE_STREAM_TIME, OTHER_GATHERINGS } from '../../lib/weekly-services';
import { WeeklyServiceCards } from './WeeklyServiceCards';
import onlinePanel from '../../components/OnlinePanel.module.css';
import band from '../../components/PageBand.module.css';
import styles from './ServicesPage.module.css';

export function ServicesPage() {
  const liveStream = useSiteSettings().data?.live_stream_url;
  return (
    <>
      <PageHero eyebrow="Services" title="Worship With Us">
        <p>In person in north London or online from wherever you are: there is always a place for you.</p>
      </PageHero>

      <Reveal as="section" className={`container ${band.plain}`}>
        <SectionHeading id="weekly-title" eyebrow="Every week" title="Weekly Schedule" />
        <WeeklyServiceCards />
      </Reveal>

      <Reveal as="section" className={band.tinted}>
        <div className="container">
          <SectionHeading id="more-title" eyebrow="Through the month" title="More Ways to Gather" />
          <ul className={styles.list} aria-labelledby="more-title">
            {OTHER_GATHERINGS.map((gathering) => (
              <li key={gathering.name} className={styles.item}>
                <p className={styles.when}>{gathering.when}</p>
                <h3 className={styles.name}>{gathering.name}</h3>
                <p className={styles.text}>{gathering.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>

      <Reveal as="section" className={`container ${band.plain} ${styles.split}`}>
        <div className={`${onlinePanel.panel} ${styles.online}`}>
          <p className={styles.kicker}>Online</p>
          <h2 id="online-title">Join Us Online</h2>
          <p>
            Our main service is streamed live every <strong>{LIVE_STREAM_TIME}</strong>. Open the link a few minutes
            early, say hello in the chat, and worship with us from home.
          </p>
          {liveStream && (
            <>
              <ExternalButtonLink href={liveStream} variant="light">
                Join the live stream
              </ExternalButtonLink>
              <p className={styles.link}>{liveStream}</p>
            </>
          )}
        </div>
        <div>
          <SectionHeading id="location-title" eyebrow="Location" title="Visit Us" align="start" />
          <ChurchMap />
        </div>
      </Reveal>
    </>
  );
}
