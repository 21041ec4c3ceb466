import type { PersonRecord } from '@gather/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { anonymised, withoutPerson, type Person } from './anonymise.js';

type Executor = Pick<Database, 'execute'>;

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const isoNow = (value: unknown) => iso(value)!;

/** The same address, whatever its letter case. */
const sameAddress = (column: SQL, email: string) => sql`lower(${column}) = ${email}`;

/**
 * Every name the address was given with on a form, lower-cased and trimmed: questions and uploads
 * carry only a name, and are matched on these.
 */
const namesOf = (email: string) => sql`
  select lower(trim(name)) as name from contact_submissions where lower(email) = ${email}
  union select lower(trim(name)) from giving_submissions where lower(email) = ${email}
  union select lower(trim(name)) from event_registrations where lower(email) = ${email}
  union select lower(trim(first_name || ' ' || last_name)) from connect_submissions where lower(email) = ${email}
  union select lower(trim(first_name || ' ' || last_name)) from building_fund_pledges where lower(email) = ${email}
  union select lower(trim(first_name || ' ' || last_name)) from gifts where lower(email) = ${email}
  union select lower(trim(regexp_replace(first_name || ' ' || middle_name || ' ' || last_name, '\\s+', ' ', 'g')))
        from building_fund_pledges where lower(email) = ${email} and middle_name <> ''`;

/**
 * The activity log keeps staff changes as they were, so it holds the person's records as staff saw them: every
 * row that could mention them (their address or any word of their names) is read and anonymised.
 */
async function eraseFromActivityLog(tx: Executor, person: Person): Promise<number> {
  const needles = [person.email, ...new Set(person.names.flatMap((name) => name.split(/\s+/)).filter(Boolean))];
  const mentions = sql.join(
    needles.map(
      (needle) =>
        sql`position(${needle} in lower(summary || ' ' || coalesce(before::text, '') || ' ' || coalesce(after::text, ''))) > 0`,
    ),
    sql` or `,
  );
  const { rows } = await tx.execute<{ id: number; summary: string; before: unknown; after: unknown }>(
    sql`select id, summary, before, after from activity_log where ${mentions}`,
  );
  let changed = 0;
  for (const row of rows) {
    const erased = {
      summary: withoutPerson(row.summary, person),
      before: anonymised(row.before, person),
      after: anonymised(row.after, person),
    };
    if (JSON.stringify(erased) === JSON.stringify({ summary: row.summary, before: row.before, after: row.after }))
      continue;
    await tx.execute(sql`
      update activity_log
      set summary = ${erased.summary}, before = ${jsonOrNull(erased.before)}::jsonb, after = ${jsonOrNull(erased.after)}::jsonb
      where id = ${row.id}`);
    changed += 1;
  }
  return changed;
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Everything the church holds about one address, read in one snapshot; and its erasure. */
export class PeopleRepository {
  constructor(private readonly db: Database) {}

  find(email: string): Promise<PersonRecord> {
    return this.db.transaction((tx) => read(tx, email), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /**
   * Removes or anonymises everything about the address in one transaction; building-fund pledges and
   * giving notices keep their amounts, kinds and dates (Gift Aid records) with the person removed.
   */
  erase(email: string): Promise<{ removed: Record<string, number>; anonymised: Record<string, number> }> {
    return this.db.transaction(async (tx) => {
      const run = async (statement: SQL) => (await tx.execute(statement)).rowCount ?? 0;
      const names = (await tx.execute<{ name: string }>(namesOf(email))).rows.map((row) => row.name);
      const nameList = names.length
        ? sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )
        : sql`null`;
      // Matched by name: the name goes, the question and the photo stay (staff delete a photo themselves).
      const questions = await run(
        sql`update qna_questions set name = 'Anonymous' where lower(trim(name)) in (${nameList})`,
      );
      const uploads = await run(
        sql`update collection_uploads set uploader_name = 'Anonymous' where lower(trim(uploader_name)) in (${nameList})`,
      );
      const pledges = await run(sql`
        update building_fund_pledges
        set first_name = 'Erased', middle_name = '', last_name = '', email = '', phone = '', message = '',
            admin_notes = '', updated_at = now()
        where ${sameAddress(sql`email`, email)}`);
      // Amount, currency, date and method stay for Gift Aid and the fund's totals; who gave goes.
      const fundGifts = await run(sql`
        update gifts set first_name = '', last_name = '', email = '', reference = ''
        where ${sameAddress(sql`email`, email)}`);
      const gifts = await run(sql`
        update giving_submissions set name = 'Erased', email = '', phone = '', message = ''
        where ${sameAddress(sql`email`, email)}`);
      // The campaign's counts stay right; the address and name in its delivery go.
      const deliveries = await run(sql`
        update email_deliveries
        set email = 'erased-' || id, name = '', content = null,
            failure_reason = case when failure_reason is null then null else 'Removed with the address' end
        where ${sameAddress(sql`email`, email)}`);
      const drafts = await run(sql`
        update email_campaigns
        set draft_recipients = (select coalesce(jsonb_agg(recipient), '[]'::jsonb)
                                from jsonb_array_elements(draft_recipients) recipient
                                where lower(recipient->>'email') <> ${email})
        where draft_recipients is not null
          and exists (select 1 from jsonb_array_elements(draft_recipients) recipient
                      where lower(recipient->>'email') = ${email})`);
      // A declaration named in a claim is HMRC's evidence for it: kept with its name and address, the address
      // (e-mail) removed. One never claimed on is no one's evidence and goes.
      const declarationsKept = await run(sql`
        update gift_aid_declarations set email = ''
        where ${sameAddress(sql`email`, email)}
          and exists (select 1 from gift_aid_claim_gifts claimed where claimed.declaration_id = gift_aid_declarations.id)`);
      // The places stay held (the counts of an event are not the person's); who holds them goes.
      const registrations = await run(sql`
        update event_registrations set name = 'Erased', email = '', answers = '{}'::jsonb, updated_at = now()
        where ${sameAddress(sql`email`, email)}`);
      const activity = await eraseFromActivityLog(tx, { email, names });
      const outboxErrors = await run(sql`
        update outbox set last_error = null where position(${email} in lower(last_error)) > 0`);
      const removed = {
        contact_submissions: await run(sql`delete from contact_submissions where ${sameAddress(sql`email`, email)}`),
        connect_submissions: await run(sql`delete from connect_submissions where ${sameAddress(sql`email`, email)}`),
        newsletter_subscribers: await run(
          sql`delete from newsletter_subscribers where ${sameAddress(sql`email`, email)}`,
        ),
        consents: await run(sql`delete from email_consents where ${sameAddress(sql`email`, email)}`),
        // Not kept as a do-not-mail record: a newsletter needs consent, which is gone with the rest, so
        // nothing bulk reaches the address unless the person ticks the box again; and a suppression is the
        // mail server's refusal, not the person's wish, so keeping it would only keep their address.
        suppressions: await run(sql`delete from email_suppressions where ${sameAddress(sql`email`, email)}`),
        receipts: await run(sql`delete from receipts_sent where ${sameAddress(sql`email`, email)}`),
        // Each device's "I prayed" goes with the request.
        prayer_requests: await run(sql`delete from prayer_requests where ${sameAddress(sql`email`, email)}`),
        gift_aid_declarations: await run(
          sql`delete from gift_aid_declarations where ${sameAddress(sql`email`, email)}`,
        ),
        job_errors: outboxErrors,
      };
      return {
        removed,
        anonymised: {
          pledges,
          giving_submissions: gifts,
          gifts: fundGifts,
          gift_aid_declarations: declarationsKept,
          deliveries,
          drafts,
          questions,
          uploads,
          activity,
          registrations,
        },
      };
    });
  }
}

async function read(db: Executor, email: string): Promise<PersonRecord> {
  const rows = async <T extends Record<string, unknown>>(statement: SQL) => (await db.execute<T>(statement)).rows;
  const names = (await rows<{ name: string }>(namesOf(email))).map((row) => row.name);
  const nameList = names.length
    ? sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )
    : sql`null`;
  const [newsletter] = await rows<{ subscribed_at: string; unsubscribed_at: string | null }>(
    sql`select subscribed_at, unsubscribed_at from newsletter_subscribers where ${sameAddress(sql`email`, email)}`,
  );
  return {
    email,
    names,
    contact_submissions: (
      await rows<Record<string, string> & { id: number }>(sql`
        select id, name, phone, subject, message, created_at from contact_submissions
        where ${sameAddress(sql`email`, email)} order by created_at`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })) as PersonRecord['contact_submissions'],
    connect_submissions: (
      await rows<Record<string, unknown>>(sql`
        select id, first_name, last_name, phone, interests, message, created_at from connect_submissions
        where ${sameAddress(sql`email`, email)} order by created_at`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })) as PersonRecord['connect_submissions'],
    giving_submissions: (
      await rows<Record<string, unknown>>(sql`
        select id, name, phone, giving_type, message, created_at from giving_submissions
        where ${sameAddress(sql`email`, email)} order by created_at`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })) as PersonRecord['giving_submissions'],
    pledges: (
      await rows<Record<string, unknown>>(sql`
        select id, first_name, middle_name, last_name, phone, currency, total_pledge::text, payment_amount::text,
               payment_type, payment_method, pay_by_date::text, payment_status, message, admin_notes, created_at
        from building_fund_pledges where ${sameAddress(sql`email`, email)} order by created_at`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })) as PersonRecord['pledges'],
    gifts: await rows<PersonRecord['gifts'][number]>(sql`
        select id, pledge_id, first_name, last_name, amount::text, currency, received_on::text, method, reference
        from gifts where ${sameAddress(sql`email`, email)} order by received_on, id`),
    gift_aid_declarations: (
      await rows<Record<string, unknown>>(sql`
        select declaration.id, declaration.title, declaration.first_name, declaration.last_name,
               declaration.house_name_or_number, declaration.postcode, declaration.declared_on::text,
               declaration.covers_past_gifts, declaration.source, declaration.cancelled_at,
               exists (select 1 from gift_aid_claim_gifts claimed where claimed.declaration_id = declaration.id)
                 as used_in_claim
        from gift_aid_declarations declaration
        where ${sameAddress(sql`declaration.email`, email)} order by declaration.id`)
    ).map((row) => ({ ...row, cancelled_at: iso(row.cancelled_at) })) as PersonRecord['gift_aid_declarations'],
    newsletter: newsletter
      ? { subscribed_at: isoNow(newsletter.subscribed_at), unsubscribed_at: iso(newsletter.unsubscribed_at) }
      : null,
    consents: (
      await rows<{
        id: number;
        source: string;
        given_at: string;
        confirmed_at: string | null;
        withdrawn_at: string | null;
      }>(sql`
        select id, source, given_at, confirmed_at, withdrawn_at from email_consents
        where ${sameAddress(sql`email`, email)} order by given_at`)
    ).map((row) => ({
      id: row.id,
      source: row.source,
      given_at: isoNow(row.given_at),
      status: row.confirmed_at ? ('confirmed' as const) : ('pending' as const),
      confirmed_at: iso(row.confirmed_at),
      withdrawn_at: iso(row.withdrawn_at),
    })),
    suppressions: (
      await rows<{ id: number; email: string; reason: string; campaign_id: number | null; created_at: string }>(sql`
        select id, email, reason, campaign_id, created_at from email_suppressions
        where ${sameAddress(sql`email`, email)}`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })),
    deliveries: (
      await rows<Record<string, unknown>>(sql`
        select delivery.id, delivery.campaign_id, campaign.subject, delivery.status, delivery.sent_at,
               delivery.failure_reason
        from email_deliveries delivery join email_campaigns campaign on campaign.id = delivery.campaign_id
        where ${sameAddress(sql`delivery.email`, email)} order by delivery.id`)
    ).map((row) => ({ ...row, sent_at: iso(row.sent_at) })) as PersonRecord['deliveries'],
    receipts: (
      await rows<{ kind: string; sent_at: string }>(sql`
        select kind, sent_at from receipts_sent where ${sameAddress(sql`email`, email)} order by kind`)
    ).map((row) => ({ kind: row.kind, sent_at: isoNow(row.sent_at) })),
    registrations: (
      await rows<Record<string, unknown>>(sql`
        select registration.id, registration.event_id, event.title as event_title, registration.name,
               registration.party, registration.answers, registration.status, registration.checked_in_at,
               registration.created_at
        from event_registrations registration join events event on event.id = registration.event_id
        where ${sameAddress(sql`registration.email`, email)} order by registration.created_at`)
    ).map((row) => ({
      ...row,
      checked_in_at: iso(row.checked_in_at),
      created_at: isoNow(row.created_at),
    })) as PersonRecord['registrations'],
    questions: (
      await rows<Record<string, unknown>>(sql`
        select question.id, session.title as session_title, question.name, question.text, question.status,
               question.created_at
        from qna_questions question join qna_sessions session on session.id = question.session_id
        where lower(trim(question.name)) in (${nameList}) order by question.created_at`)
    ).map((row) => ({
      ...row,
      created_at: isoNow(row.created_at),
      matched_by: 'name' as const,
    })) as PersonRecord['questions'],
    prayer_requests: (
      await rows<Record<string, unknown>>(sql`
        select id, text, name, visibility, hear_back, wall_text, notes, created_at from prayer_requests
        where ${sameAddress(sql`email`, email)} order by created_at`)
    ).map((row) => ({ ...row, created_at: isoNow(row.created_at) })) as PersonRecord['prayer_requests'],
    uploads: (
      await rows<Record<string, unknown>>(sql`
        select upload.id, collection.name as collection_name, upload.uploader_name, upload.original_filename,
               upload.file_type, upload.uploaded_at
        from collection_uploads upload join photo_collections collection on collection.id = upload.collection_id
        where lower(trim(upload.uploader_name)) in (${nameList}) order by upload.uploaded_at`)
    ).map((row) => ({
      ...row,
      uploaded_at: isoNow(row.uploaded_at),
      matched_by: 'name' as const,
    })) as PersonRecord['uploads'],
  };
}
