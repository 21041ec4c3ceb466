import { ExternalButtonLink } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { useSiteSettings } from '../../lib/site';
import styles from './PledgePage.module.css';

/** The pledge's bank reference: the building fund's prefix and the donor's surname. */
export function pledgeReference(surname: string): string {
  const name = surname.trim().replace(/\s+/g, '');
  return `BF-${name || '<Surname>'}`;
}

/** How to pay the pledge: online, or by bank transfer with details to copy one at a time. */
export function PledgeInfo({ surname }: { surname: string }) {
  const settings = useSiteSettings().data;
  const bank = settings?.bank;
  const details = [
    { label: 'Bank Name', value: bank?.bank_name },
    { label: 'Account Name', value: bank?.account_name },
    { label: 'Sort Code', value: bank?.sort_code },
    { label: 'Account Number', value: bank?.account_number },
    { label: 'Reference', value: pledgeReference(surname) },
  ];

  return (
    <aside className={styles.info} aria-labelledby="pledge-pay-title">
      <h2 id="pledge-pay-title" className={styles.cardTitle}>
        How to Pay
      </h2>
      <section className={styles.infoCard} aria-labelledby="pledge-online-title">
        <h3 id="pledge-online-title" className={styles.infoTitle}>
          Pay Online
        </h3>
        <p>Give securely through our bank's online payment portal.</p>
        {settings?.online_giving_url && (
          <ExternalButtonLink href={settings.online_giving_url} block>
            Pay Now Online
          </ExternalButtonLink>
        )}
      </section>
      <section className={styles.infoCard} aria-labelledby="pledge-bank-title">
        <h3 id="pledge-bank-title" className={styles.infoTitle}>
          Bank Transfer
        </h3>
        <dl className={styles.bankDetails}>
          {details.map(({ label, value }) => (
            <div key={label} className={styles.bankRow}>
              <dt>{label}</dt>
              <dd>
                <span className={styles.bankValue}>{value ?? '…'}</span>
                {value && <CopyButton text={value} aria-label={`Copy ${label.toLowerCase()}`} />}
              </dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>Please use your reference so we can match your gift to your pledge.</p>
      </section>
    </aside>
  );
}
