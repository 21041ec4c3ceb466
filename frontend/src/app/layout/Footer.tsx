import { Link } from 'react-router-dom';
import { useChurchName, useSiteSettings } from '../../lib/site';
import styles from './Footer.module.css';

export function Footer() {
  const church = useChurchName();
  const site = useSiteSettings().data;
  const social: [string, string][] = [];
  if (site?.social.facebook) social.push(['Facebook', site.social.facebook]);
  if (site?.social.instagram) social.push(['Instagram', site.social.instagram]);
  if (site?.social.youtube) social.push(['YouTube', site.social.youtube]);

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
              {social.map(([label, href]) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit" className={styles.heading}>
            Visit us
          </h2>
          {site && (
            <address className={styles.address}>
              {site.address}
              <br />
              <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>{site.phone}</a>
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </address>
          )}
        </section>
        <section aria-labelledby="footer-times">
          <h2 id="footer-times" className={styles.heading}>
            Service times
          </h2>
          <ul className={styles.list}>
            <li>Sunday 10:00 AM: Main Service</li>
            <li>Monday 7:00 PM: Grow in the Word</li>
            <li>Wednesday 7:00 PM: Prayer Meeting</li>
            <li>Friday 7:00 PM: Youth Meeting</li>
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Quick links
          </h2>
          <ul className={styles.list}>
            <li>
              <Link to="/connect">I'm new here</Link>
            </li>
            <li>
              <Link to="/give">Give</Link>
            </li>
            <li>
              <Link to="/building-fund">Building fund</Link>
            </li>
            <li>
              <Link to="/media">Sermons</Link>
            </li>
            <li>
              <Link to="/admin/login">Staff sign in</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className={`container ${styles.copyright}`}>
        © {new Date().getFullYear()} {church}
      </p>
    </footer>
  );
}
