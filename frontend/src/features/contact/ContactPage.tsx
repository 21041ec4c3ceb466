import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { useSiteSettings } from '../../lib/site';
import { ChurchMap, telephoneHref } from '../../components/ChurchMap';
import { WEEKLY_SERVICES } from '../../lib/weekly-services';
import { ContactMessageForm } from './ContactMessageForm';
import band from '../../components/PageBand.module.css';
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
          <AsideCard id="contact-info-title" title="Contact Information">
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
          </AsideCard>
          <AsideCard id="times-title" title="Service Times">
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
          </AsideCard>
          <AsideCard as="nav" id="quick-title" title="Quick Links">
            <ul className={styles.links}>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </AsideCard>
        </div>
      </Reveal>
      <Reveal as="section" className={`container ${band.plain}`}>
        <SectionHeading id="map-title" eyebrow="Find us" title="Visit Us" />
        <ChurchMap />
      </Reveal>
    </>
  );
}

/** A card beside the form, named by its heading. */
function AsideCard({
  as: Tag = 'section',
  id,
  title,
  children,
}: {
  as?: 'section' | 'nav';
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Tag className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
