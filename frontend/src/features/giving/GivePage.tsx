import { Fragment } from 'react';
import type { SiteSettings } from '@gather/contracts';
import { ButtonLink, ExternalButtonLink } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/Heading';
import { Reveal } from '../../components/Reveal';
import { useSiteSettings } from '../../lib/site';
import { GivingForm } from './GivingForm';
import band from '../../components/PageBand.module.css';
import styles from './GivePage.module.css';

export const BANK_COPIED = 'Bank details copied to clipboard!';

/** The bank details to show, by label: one left empty (a demo value hidden on a live site) is left out. */
function bankLines(bank: SiteSettings['bank']): Array<[label: string, value: string]> {
  const lines: Array<[string, string]> = [
    ['Account name', bank.account_name],
    ['Bank', bank.bank_name],
    ['Sort code', bank.sort_code],
    ['Account number', bank.account_number],
  ];
  return lines.filter(([, value]) => value !== '');
}

export function bankDetailsText(bank: SiteSettings['bank']): string {
  return bankLines(bank)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

export function GivePage() {
  const site = useSiteSettings().data;
  return (
    <>
      <PageHero eyebrow="Generosity" title="Give">
        <p>Thank you for giving. Every gift helps us worship, serve our neighbours and share hope in north London.</p>
      </PageHero>

      <Reveal as="section" className={`container ${styles.section}`}>
        <SectionHeading id="ways-title" eyebrow="Ways to give" title="Choose What Suits You" />
        <ul className={styles.ways} aria-labelledby="ways-title">
          <li className={styles.way}>
            <h3>Online</h3>
            <p>Give securely through our bank’s payment portal, once or regularly.</p>
            {site && (
              <ExternalButtonLink href={site.online_giving_url} size="sm">
                Give online
              </ExternalButtonLink>
            )}
          </li>
          <li className={styles.way}>
            <h3>Bank transfer</h3>
            <p>Send a gift straight from your bank using the details below.</p>
            <a href="#bank-title" className={styles.jump}>
              See bank details
            </a>
          </li>
          <li className={styles.way}>
            <h3>In person</h3>
            <p>Give during any Sunday service at 10:00 AM: there is an offering box at the back.</p>
            <ButtonLink to="/services" size="sm" variant="secondary">
              Service times
            </ButtonLink>
          </li>
        </ul>
      </Reveal>

      <Reveal as="section" className={band.tinted}>
        <div className={`container ${styles.split}`}>
          <div className={styles.bank}>
            <h2 id="bank-title">Bank Details</h2>
            {site ? (
              <>
                <dl className={styles.details}>
                  {bankLines(site.bank).map(([label, value]) => (
                    <Fragment key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </Fragment>
                  ))}
                </dl>
                <CopyButton
                  text={bankDetailsText(site.bank)}
                  label="Copy bank details"
                  copiedMessage={BANK_COPIED}
                  size="md"
                />
              </>
            ) : (
              <p className={styles.muted}>Loading bank details...</p>
            )}
          </div>
          <GivingForm />
        </div>
      </Reveal>
    </>
  );
}
