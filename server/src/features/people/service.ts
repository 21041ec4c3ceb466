import { holdsRole, type PersonErased, type PersonExport, type PersonRecord, type StaffRole } from '@gather/contracts';
import type { PeopleRepository } from './repository.js';

/** What People shows of a prayer request's words to staff outside the pastoral team. */
export const PRAYER_WITHHELD = 'Withheld: only the pastoral team may read prayer requests.';

/**
 * A prayer request's words are the pastoral team's: anyone else using People sees that it exists (and erasure
 * removes it), not what it says. The pastoral team and administrators see it all, for a subject access request.
 */
function asReadBy(record: PersonRecord, roles: readonly StaffRole[]): PersonRecord {
  if (holdsRole(roles, ['pastoral'])) return record;
  return {
    ...record,
    prayer_requests: record.prayer_requests.map((request) => ({
      ...request,
      text: PRAYER_WITHHELD,
      name: '',
      wall_text: null,
      notes: '',
    })),
  };
}

/** Kept after an erase, and why: shown to staff in the erase answer. */
const GIFT_AID_KEPT =
  'Kept without name, address or message: HMRC requires Gift Aid records of amounts and dates for six years.';

/** One person's data by e-mail address: look it up, hand it over (subject access), erase it. */
export class PeopleService {
  constructor(private readonly people: PeopleRepository) {}

  async find(email: string, roles: readonly StaffRole[]): Promise<PersonRecord> {
    return asReadBy(await this.people.find(email), roles);
  }

  async export(email: string, roles: readonly StaffRole[]): Promise<PersonExport> {
    return { ...(await this.find(email, roles)), exported_at: new Date().toISOString() };
  }

  async erase(email: string): Promise<PersonErased> {
    const { removed, anonymised } = await this.people.erase(email);
    const kept = [
      {
        what: 'building-fund pledges (amounts, currency, dates, status)',
        count: anonymised.pledges!,
        why: GIFT_AID_KEPT,
      },
      {
        what: 'building-fund gifts (amount, currency, date received, method)',
        count: anonymised.gifts!,
        why: 'Kept without name, address or reference: gifts are kept for Gift Aid, and HMRC requires records of amounts and dates for six years.',
      },
      { what: 'giving notices (kind of gift and date)', count: anonymised.giving_submissions!, why: GIFT_AID_KEPT },
      {
        what: 'Gift Aid declarations used in a claim (name, house and postcode)',
        count: anonymised.gift_aid_declarations!,
        why: 'Kept without the e-mail address: HMRC requires the declaration behind each claimed gift for six years.',
      },
      {
        what: 'campaign deliveries (status only)',
        count: anonymised.deliveries!,
        why: 'Kept without the address or name so each campaign still counts what it sent.',
      },
      {
        what: 'questions and uploads matched by name (text and photos)',
        count: anonymised.questions! + anonymised.uploads!,
        why: 'The name is removed; the question text and the photo stay until staff delete them.',
      },
      {
        what: 'event sign-ups (places, status, check-in)',
        count: anonymised.registrations!,
        why: "Kept without name, address or answers, so the event's places and arrivals still add up.",
      },
    ].filter((item) => item.count > 0);
    return {
      email,
      removed,
      anonymised,
      kept,
      message: `Everything held about ${email} was removed or anonymised.`,
    };
  }
}
