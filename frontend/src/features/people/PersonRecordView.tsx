import type { PersonRecord } from '@gather/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/States';
import { formatDate, formatDateTime } from '../../lib/format';
import styles from './PeopleSection.module.css';

/** One kind of record, with how many; every value is shown as text, never as HTML. */
function Group({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <section className={styles.group} aria-label={title}>
      <h2 className={styles.groupTitle}>
        {title} <span className={styles.count}>({items.length})</span>
      </h2>
      {items.length > 0 && (
        <ul className={styles.items}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const byName = <span className={styles.matched}>matched by name</span>;

export function PersonRecordView({ person }: { person: PersonRecord }) {
  const nothing =
    !person.contact_submissions.length &&
    !person.connect_submissions.length &&
    !person.giving_submissions.length &&
    !person.pledges.length &&
    !person.gifts.length &&
    !person.gift_aid_declarations.length &&
    !person.newsletter &&
    !person.consents.length &&
    !person.suppressions.length &&
    !person.deliveries.length &&
    !person.questions.length &&
    !person.prayer_requests.length &&
    !person.uploads.length;
  if (nothing) return <EmptyState title={`Nothing is held about ${person.email}`} />;
  return (
    <div className={styles.record}>
      <p>
        <strong>{person.email}</strong>
        {person.names.length > 0 && ` — names given: ${person.names.join(', ')}`}
      </p>
      <Group
        title="Contact messages"
        items={person.contact_submissions.map(
          (row) => `${formatDateTime(row.created_at)} · ${row.name} · ${row.subject}: ${row.message}`,
        )}
      />
      <Group
        title="Connect cards"
        items={person.connect_submissions.map(
          (row) =>
            `${formatDateTime(row.created_at)} · ${row.first_name} ${row.last_name} · ${row.interests.join(', ')} ${row.message}`,
        )}
      />
      <Group
        title="Gifts"
        items={person.giving_submissions.map(
          (row) => `${formatDateTime(row.created_at)} · ${row.name} · ${row.giving_type} ${row.message}`,
        )}
      />
      <Group
        title="Pledges"
        items={person.pledges.map(
          (row) =>
            `${formatDateTime(row.created_at)} · ${row.first_name} ${row.last_name} · ${row.currency} ${row.total_pledge} (${row.payment_amount} now) · ${row.payment_status}`,
        )}
      />
      <Group
        title="Building fund gifts"
        items={person.gifts.map(
          (row) =>
            `${formatDate(row.received_on)} · ${row.first_name} ${row.last_name} · ${row.currency} ${row.amount} · ${row.method}${row.reference ? ` · ${row.reference}` : ''}`,
        )}
      />
      <Group
        title="Gift Aid declarations"
        items={person.gift_aid_declarations.map(
          (row) =>
            `Declared ${formatDate(row.declared_on)} · ${[row.title, row.first_name, row.last_name].filter(Boolean).join(' ')}, ${row.house_name_or_number}, ${row.postcode}${row.used_in_claim ? ' · used in a claim (kept for HMRC)' : ''}${row.cancelled_at ? ` · cancelled ${formatDateTime(row.cancelled_at)}` : ''}`,
        )}
      />
      <Group
        title="Newsletter"
        items={
          person.newsletter
            ? [
                person.newsletter.unsubscribed_at
                  ? `Unsubscribed ${formatDateTime(person.newsletter.unsubscribed_at)}`
                  : `Subscribed ${formatDateTime(person.newsletter.subscribed_at)}`,
              ]
            : []
        }
      />
      <Group
        title="Consents"
        items={person.consents.map(
          (row) =>
            `Given on the ${row.source.replace('_', ' ')} form ${formatDateTime(row.given_at)}, ${row.confirmed_at ? `confirmed ${formatDateTime(row.confirmed_at)}` : 'not yet confirmed'}${row.withdrawn_at ? `, withdrawn ${formatDateTime(row.withdrawn_at)}` : ''}`,
        )}
      />
      <Group
        title="Suppressions"
        items={person.suppressions.map((row) => `${formatDateTime(row.created_at)} · ${row.reason}`)}
      />
      <Group
        title="E-mails sent"
        items={person.deliveries.map(
          (row) => `${row.subject} · ${row.status}${row.sent_at ? ` ${formatDateTime(row.sent_at)}` : ''}`,
        )}
      />
      <Group
        title="Questions"
        items={person.questions.map((row) => (
          <>
            {row.session_title} · {row.name}: {row.text} {byName}
          </>
        ))}
      />
      <Group
        title="Prayer requests"
        items={person.prayer_requests.map(
          (row) =>
            `${formatDateTime(row.created_at)} · ${row.name || 'no name'} · ${row.visibility}: ${row.text}${row.notes ? ` · notes: ${row.notes}` : ''}`,
        )}
      />
      <Group
        title="Uploads"
        items={person.uploads.map((row) => (
          <>
            {row.collection_name} · {row.uploader_name} · {row.original_filename || row.file_type} {byName}
          </>
        ))}
      />
    </div>
  );
}
