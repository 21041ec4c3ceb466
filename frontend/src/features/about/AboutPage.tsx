import { ButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { useChurchName } from '../../lib/site';
import cardList from '../../components/CardList.module.css';
import band from '../../components/PageBand.module.css';
import styles from './AboutPage.module.css';

const BELIEFS = [
  { title: 'God', text: 'One God, Father, Son and Holy Spirit, who made us and loves us.' },
  { title: 'Jesus', text: 'Jesus Christ lived, died and rose again, so that everyone can know God.' },
  { title: 'The Bible', text: 'The Bible is God’s word, and our guide for faith and for everyday life.' },
  { title: 'Grace', text: 'We are saved by grace through faith, not by anything we earn.' },
  { title: 'Church', text: 'The church is a family: every person is welcome and every gift matters.' },
  { title: 'Hope', text: 'We live with hope, serving our neighbours and our city with love.' },
];

const HISTORY = [
  { when: '2020', what: 'The church is founded in north London, open to everyone, whatever their background.' },
  {
    when: '12 January 2020',
    what: 'Our first service is held, with 27 attendees: 19 adults and 8 children.',
  },
  { when: 'Since then', what: 'Sunday worship, midweek Bible study, prayer and youth meetings, and a growing family.' },
];

export function AboutPage() {
  const church = useChurchName();
  return (
    <>
      <PageHero eyebrow="About us" title={`Welcome to ${church}`}>
        <p>A non-denominational church family in north London, founded in 2020.</p>
      </PageHero>

      <Reveal as="section" className={`container ${styles.split}`}>
        <div>
          <SectionHeading id="mission-title" eyebrow="Our mission" title="Love God, love people" align="start" />
          <p className={styles.lead}>
            We exist to help people know Jesus, grow in faith together and serve our neighbourhood with practical love.
          </p>
        </div>
        <div>
          <SectionHeading id="who-title" eyebrow="Who we are" title="A family for everyone" align="start" />
          <p className={styles.lead}>
            We are young and old, from many nations and backgrounds, some long-time believers and some still asking
            questions. Whoever you are, you are welcome here.
          </p>
        </div>
      </Reveal>

      <Reveal as="section" className={band.tinted}>
        <div className="container">
          <SectionHeading id="beliefs-title" eyebrow="What we believe" title="Our Beliefs" />
          <ul className={cardList.list} aria-labelledby="beliefs-title">
            {BELIEFS.map((belief) => (
              <li key={belief.title} className={styles.belief}>
                <h3>{belief.title}</h3>
                <p>{belief.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>

      <Reveal as="section" className={`container ${band.plain}`}>
        <SectionHeading id="history-title" eyebrow="Our story" title="Our History">
          {church} was founded in 2020.
        </SectionHeading>
        <ol className={styles.timeline} aria-labelledby="history-title">
          {HISTORY.map((step) => (
            <li key={step.when} className={styles.step}>
              <p className={styles.when}>{step.when}</p>
              <p className={styles.what}>{step.what}</p>
            </li>
          ))}
        </ol>
        <div className={styles.next}>
          <ButtonLink to="/services">Service times</ButtonLink>
          <ButtonLink to="/connect" variant="secondary">
            Get connected
          </ButtonLink>
        </div>
      </Reveal>
    </>
  );
}
