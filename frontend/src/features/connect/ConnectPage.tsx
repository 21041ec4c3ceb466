import { ExternalButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { Reveal } from '../../components/Reveal';
import { socialLinks, useSiteSettings } from '../../lib/site';
import { LIVE_STREAM_TIME } from '../../lib/weekly-services';
import { ConnectCardForm } from './ConnectCardForm';
import onlinePanel from '../../components/OnlinePanel.module.css';
import styles from './ConnectPage.module.css';

export function ConnectPage() {
  const site = useSiteSettings().data;
  const social = socialLinks(site);

  return (
    <>
      <PageHero eyebrow="Get connected" title="Connect">
        <p>New here, wanting to belong, ready to serve, or in need of prayer? We would love to hear from you.</p>
      </PageHero>
      <Reveal as="section" className={`container ${styles.layout}`}>
        <ConnectCardForm />
        <div className={styles.aside}>
          <section className={`${onlinePanel.panel} ${styles.online}`} aria-labelledby="online-title">
            <h2 id="online-title">Online Service</h2>
            <p>Can’t be with us in person? Join the live stream every {LIVE_STREAM_TIME}.</p>
            {site && (
              <ExternalButtonLink href={site.live_stream_url} variant="light">
                Join online
              </ExternalButtonLink>
            )}
          </section>
          {social.length > 0 && (
            <section className={styles.card} aria-labelledby="social-title">
              <h2 id="social-title" className={styles.cardTitle}>
                Follow Along
              </h2>
              <ul className={styles.social}>
                {social.map(({ label, href }) => (
                  <li key={label}>
                    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.socialLink}>
                      {label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </Reveal>
    </>
  );
}
