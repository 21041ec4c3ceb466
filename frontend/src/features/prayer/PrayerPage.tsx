import { PRAYER_AUDIENCES, PRAYER_VISIBILITIES } from '@gather/contracts';
import { Link } from 'react-router-dom';
import { PageHero } from '../../components/PageHero';
import { Reveal } from '../../components/Reveal';
import { PrayerRequestForm } from './PrayerRequestForm';
import styles from './PrayerPage.module.css';

export function PrayerPage() {
  return (
    <>
      <PageHero eyebrow="We pray together" title="Prayer">
        <p>Whatever you are carrying, you need not carry it alone. Tell us, and we will pray with you.</p>
      </PageHero>
      <Reveal as="section" className={`container ${styles.layout}`}>
        <PrayerRequestForm />
        <aside className={styles.card} aria-labelledby="prayer-who-title">
          <h2 id="prayer-who-title" className={styles.cardTitle}>
            Who reads your request
          </h2>
          <dl className={styles.who}>
            {PRAYER_VISIBILITIES.map((choice) => (
              <div key={choice}>
                <dt>{PRAYER_AUDIENCES[choice].label}</dt>
                <dd>{PRAYER_AUDIENCES[choice].reader}</dd>
              </div>
            ))}
          </dl>
          <p>
            Your request is never sent by e-mail: the pastoral team is told one arrived and reads it on the church's own
            system. Your e-mail address is used only to tell you how many prayed, if you ask.
          </p>
          <p>
            <Link to="/prayer/wall">Visit the prayer wall</Link> to pray for others.
          </p>
        </aside>
      </Reveal>
    </>
  );
}
