import type { CampaignKind } from '@gather/contracts';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether bulk mail may go to an address: one rule, checked when a campaign's deliveries are made
 * and again just before each is sent, since an address can withdraw or bounce in between.
 * Nothing goes to a suppressed address (the mail server refused it for good). A newsletter also
 * needs consent that was confirmed and not withdrawn (PECR); a service message is about something the person
 * asked for, so it needs no consent. `kind` is SQL too, so the claim can read it from the campaign.
 */
export function mayMail(email: SQL, kind: CampaignKind | SQL): SQL {
  const kindSql = typeof kind === 'string' ? sql`${kind}` : kind;
  return sql`(not exists (select 1 from email_suppressions suppression
                          where lower(suppression.email) = lower(${email}))
              and (${kindSql} = 'service' or ${hasConsent(email)}))`;
}

/**
 * The address agreed to the newsletter, its owner confirmed it from their mailbox (double opt-in), and it has
 * not withdrawn (unsubscribed) since. A consent still pending counts for nothing.
 */
export function hasConsent(email: SQL): SQL {
  return sql`exists (select 1 from email_consents consent
                     where lower(consent.email) = lower(${email}) and consent.confirmed_at is not null
                       and consent.withdrawn_at is null)`;
}
