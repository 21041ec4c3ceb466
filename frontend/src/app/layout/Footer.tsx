import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { socialLinks, useChurchName, useSiteSettings } from '../../lib/site';
import styles from './Footer.module.css';

const QUICK_LINKS = [
  { to: '/connect', label: "I'm new here" },
  { to: '/give', label: 'Give' },
  { to: '/prayer', label: 'Prayer requests' },
  { to: '/building-fund', label: 'Building fund' },
  { to: '/media', label: 'Sermons' },
  { to: '/admin/login', label: 'Staff sign in' },
];

export function Footer() {
  const church = useChurchName();
  const site = useSiteSettings().data;
  const social = socialLinks(site);

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-church">
          <h2 id="footer-church" className={styles.name}>
            {church}
          </h2>
          <p className={styles.muted}>A non-denominational church family in north London. Everyone is welcome.</p>
          {social.length > 0 && (
            <ul className={styles.social}>
              {social.map(({ label, href }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <FooterColumn id="footer-visit" title="Visit us">
          {site && (
            <address className={styles.address}>
              {site.address}
              <br />
              <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>{site.phone}</a>
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </address>
          )}
        </FooterColumn>
        <FooterColumn id="footer-times" title="Service times">
          <ul className={styles.list}>
            {site?.service_times.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-links" title="Quick links">
          <ul className={styles.list}>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>
      {/* The copyright's spacing is its own, not on .container, whose margin and padding would override it. */}
      <div className="container">
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {church}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
