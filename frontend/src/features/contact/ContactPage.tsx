import { Link } from 'react-router-dom';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { useSiteSettings } from '../../lib/site';
import { ChurchMap, telephoneHref } from '../home/ChurchMap';
import { WEEKLY_SERVICES } from '../services/weekly-services';
import { ContactMessageForm } from './ContactMessageForm';
import styles from './ContactPage.module.css';

const QUICK_LINKS = [
  { to: '/services', label: 'Service times' },
  { to: '/events', label: 'Events' },
  { to: '/connect', label: "I'm new here" },
  { to: '/give', label: 'Give' },
  { to: '/media', label: 'Sermons and photos' },
];

export function ContactPage() {
  const site = useSiteSettings().data;
  return (
    <>
      <PageHero eyebrow="Say hello" title="Contact Us">
        <p>Questions, prayer requests or just want to say hello? We would love to hear from you.</p>
      </PageHero>
      <Reveal as="section" className={`container ${styles.layout}`}>
        <ContactMessageForm />
        <div className={styles.aside}>
          <section className={styles.card} aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className={styles.cardTitle}>
              Contact Information
            </h2>
            {site ? (
              <dl className={styles.info}>
                <dt>Address</dt>
                <dd>{site.address}</dd>
                <dt>Phone</dt>
                <dd>
                  <a href={telephoneHref(site.phone)}>{site.phone}</a>
                </dd>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                </dd>
              </dl>
            ) : (
              <p>Loading...</p>
            )}
          </section>
          <section className={styles.card} aria-labelledby="times-title">
            <h2 id="times-title" className={styles.cardTitle}>
              Service Times
            </h2>
            <ul className={styles.times}>
              {WEEKLY_SERVICES.map((service) => (
                <li key={service.name}>
                  <span>{service.name}</span>
                  <span className={styles.when}>
                    {service.day} {service.time}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <nav className={styles.card} aria-labelledby="quick-title">
            <h2 id="quick-title" className={styles.cardTitle}>
              Quick Links
            </h2>
            <ul className={styles.links}>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Reveal>
      <Reveal as="section" className={`container ${styles.map}`}>
        <SectionHeading id="map-title" eyebrow="Find us" title="Visit Us" />
        <ChurchMap />
      </Reveal>
    </>
  );
}
