import {
  REGISTRATION_WORDS,
  type CheckInAnswer,
  type CheckInForm,
  type RegisterAnswer,
  type RegisterForm,
  type RegistrationList,
  type RegistrationQuestion,
  type RegistrationSettings,
  type RegistrationSettingsForm,
  type RegistrationState,
  type RegistrationStatus,
  type StaffRegistration,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { EventRepository } from '../events/index.js';
import { checkAnswers } from './answers.js';
import type { RegistrationLinks } from './links.js';
import type { RegistrationLive } from './live.js';
import type { Claim, PlacedRow, RegistrationRepository, SettingsRow } from './repository.js';

/** Sign-ups to events: places, the waiting list, staff's list and the door's check-in. */
export class RegistrationService {
  constructor(
    private readonly registrations: RegistrationRepository,
    private readonly events: EventRepository,
    private readonly links: RegistrationLinks,
    private readonly live: RegistrationLive,
  ) {}

  async settings(eventId: number): Promise<RegistrationSettings> {
    await this.event(eventId);
    const row = await this.registrations.settings(eventId);
    return row ? toSettings(row) : OFF;
  }

  async saveSettings(eventId: number, form: RegistrationSettingsForm): Promise<RegistrationSettings> {
    await this.event(eventId);
    const row = await this.registrations.saveSettings(eventId, {
      enabled: form.enabled,
      capacity: form.capacity,
      waitlist: form.waitlist,
      opensAt: form.opens_at ? new Date(form.opens_at) : null,
      closesAt: form.closes_at ? new Date(form.closes_at) : null,
      maxParty: form.max_party,
      questions: form.questions,
      acceptHours: form.accept_hours,
    });
    await this.countsChanged(eventId);
    return toSettings(row);
  }

  async state(eventId: number): Promise<RegistrationState> {
    const event = await this.event(eventId);
    const row = await this.registrations.settings(eventId);
    if (!row?.enabled) return { ...OFF, open: false, places_left: 0, enabled: false };
    const settings = toSettings(row);
    return {
      ...settings,
      open: isOpen(row, event.date, event.endDate),
      places_left: Math.max(row.capacity - row.placesTaken, 0),
    };
  }

  async register(eventId: number, form: RegisterForm): Promise<RegisterAnswer> {
    const event = await this.event(eventId);
    const row = await this.registrations.settings(eventId);
    if (!row?.enabled) throw new AppError(409, { detail: REGISTRATION_WORDS.notEnabled });
    if (!isOpen(row, event.date, event.endDate)) throw new AppError(409, { detail: REGISTRATION_WORDS.closed });
    const answers = this.checked(row, form);
    const claim = await this.registrations.register(eventId, { ...form, answers }, row.waitlist);
    if (!claim) throw new AppError(409, { detail: REGISTRATION_WORDS.full });
    const counts = await this.countsChanged(eventId);
    return {
      status: claim.status,
      party: claim.row.party,
      waitlist_position: claim.position,
      places_left: Math.max(counts.capacity - counts.places_taken, 0),
      message:
        claim.status === 'confirmed'
          ? 'You are signed up. Your ticket is on its way by e-mail.'
          : `The event is full: you are number ${claim.position} on the waiting list. We will e-mail you if a place comes free.`,
    };
  }

  async list(eventId: number, search: string, status?: RegistrationStatus): Promise<RegistrationList> {
    await this.event(eventId);
    const rows = await this.registrations.list(eventId, search, status);
    return { counts: await this.registrations.counts(eventId), registrations: rows.map(toStaffRegistration) };
  }

  /** Every sign-up, waiting ones too, for the CSV export. */
  async all(eventId: number): Promise<{ rows: StaffRegistration[]; questions: RegistrationQuestion[] }> {
    await this.event(eventId);
    const settings = await this.registrations.settings(eventId);
    const rows = await this.registrations.list(eventId, '', undefined);
    return { rows: rows.map(toStaffRegistration), questions: (settings?.questions ?? []) as RegistrationQuestion[] };
  }

  async add(eventId: number, form: Omit<RegisterForm, 'newsletter_consent'>): Promise<StaffRegistration> {
    await this.event(eventId);
    const row = await this.registrations.settings(eventId);
    if (!row) throw new AppError(409, { detail: REGISTRATION_WORDS.notEnabled });
    const claim = await this.registrations.add(eventId, { ...form, answers: this.checked(row, form) });
    await this.countsChanged(eventId);
    return this.placed(claim);
  }

  async cancel(eventId: number, id: number): Promise<StaffRegistration> {
    await this.ofEvent(eventId, id);
    await this.registrations.cancel(id);
    await this.countsChanged(eventId);
    return this.one(eventId, id);
  }

  async confirm(eventId: number, id: number): Promise<StaffRegistration> {
    await this.ofEvent(eventId, id);
    if (!(await this.registrations.confirmFromWaitlist(id))) {
      throw new AppError(409, { detail: 'Only someone waiting can be given a place, and only while places are free.' });
    }
    await this.countsChanged(eventId);
    return this.one(eventId, id);
  }

  async recipients(eventId: number) {
    await this.event(eventId);
    return this.registrations.recipients(eventId);
  }

  /**
   * One check-in at the door. A ticket must be this event's and signed by this site; only a confirmed place
   * checks in. A second check-in of the same person is answered `already_checked_in` and counts nothing.
   */
  async checkIn(eventId: number, form: CheckInForm): Promise<CheckInAnswer> {
    await this.event(eventId);
    const row = await this.target(eventId, form);
    if (row.status !== 'confirmed') throw new AppError(409, { detail: REGISTRATION_WORDS.notConfirmed });
    const outcome = await this.registrations.checkIn(row.id, form.client_id, form.at ? new Date(form.at) : new Date());
    const registration = await this.one(eventId, row.id);
    const counts = await this.registrations.counts(eventId);
    if (outcome === 'checked_in') this.live.checkedIn(eventId, registration, counts);
    return { outcome, registration, counts };
  }

  /** The manage link's sign-up, when the link is genuine. */
  async byLink(id: number, token: string) {
    if (!this.links.verifyManage(id, token)) throw AppError.badRequest('This link is not valid.');
    const row = await this.registrations.find(id);
    if (!row) throw AppError.badRequest('This sign-up no longer exists.');
    const event = await this.events.byId(row.eventId);
    if (!event) throw AppError.badRequest('This event no longer exists.');
    const settings = await this.registrations.settings(row.eventId);
    return { row, event, maxParty: settings?.maxParty ?? 1 };
  }

  async cancelByLink(id: number, token: string): Promise<void> {
    const { row } = await this.byLink(id, token);
    await this.registrations.cancel(id);
    await this.countsChanged(row.eventId);
  }

  async changeByLink(id: number, token: string, party: number): Promise<boolean> {
    const { row, maxParty } = await this.byLink(id, token);
    if (party > maxParty) throw AppError.badRequest(REGISTRATION_WORDS.tooMany(maxParty));
    const changed = await this.registrations.changeParty(id, party);
    await this.countsChanged(row.eventId);
    return changed;
  }

  async acceptByLink(id: number, token: string): Promise<boolean> {
    const { row } = await this.byLink(id, token);
    const accepted = await this.registrations.accept(id);
    await this.countsChanged(row.eventId);
    return accepted;
  }

  private async target(eventId: number, form: CheckInForm) {
    if (form.registration_id !== undefined) return this.ofEvent(eventId, form.registration_id);
    const ticket = this.links.ticketOf(form.ticket ?? '');
    const row = ticket && (await this.registrations.byTicket(eventId, ticket));
    if (!row) throw new AppError(404, { detail: REGISTRATION_WORDS.unknownTicket });
    return row;
  }

  private checked(settings: SettingsRow, form: Pick<RegisterForm, 'party' | 'answers'>) {
    const { answers, errors } = checkAnswers(settings.questions as RegistrationQuestion[], form.answers);
    if (form.party > settings.maxParty) errors.party = [REGISTRATION_WORDS.tooMany(settings.maxParty)];
    if (Object.keys(errors).length) throw AppError.invalid(errors);
    return answers;
  }

  private async placed(claim: Claim): Promise<StaffRegistration> {
    return { ...toStaffRegistration({ ...claim.row, waitlistPosition: claim.position }) };
  }

  private async one(eventId: number, id: number): Promise<StaffRegistration> {
    const [row] = (await this.registrations.list(eventId, '', undefined)).filter((each) => each.id === id);
    if (!row) throw AppError.notFound();
    return toStaffRegistration(row);
  }

  private async ofEvent(eventId: number, id: number) {
    const row = await this.registrations.find(id);
    if (!row || row.eventId !== eventId) throw AppError.notFound();
    return row;
  }

  private async event(eventId: number) {
    const event = await this.events.byId(eventId);
    if (!event) throw AppError.notFound();
    return event;
  }

  private async countsChanged(eventId: number) {
    const counts = await this.registrations.counts(eventId);
    this.live.placesChanged(eventId, counts);
    return counts;
  }
}

const OFF: RegistrationSettings = {
  enabled: false,
  capacity: 0,
  waitlist: true,
  opens_at: null,
  closes_at: null,
  max_party: 1,
  questions: [],
  accept_hours: 24,
};

/** Open between its opening and closing times, and never once the event has ended. */
function isOpen(row: SettingsRow, start: Date, end: Date | null, now = new Date()): boolean {
  if (row.opensAt && now < row.opensAt) return false;
  if (row.closesAt && now >= row.closesAt) return false;
  return now < (end ?? start);
}

function toSettings(row: SettingsRow): RegistrationSettings {
  return {
    enabled: row.enabled,
    capacity: row.capacity,
    waitlist: row.waitlist,
    opens_at: row.opensAt?.toISOString() ?? null,
    closes_at: row.closesAt?.toISOString() ?? null,
    max_party: row.maxParty,
    questions: row.questions as RegistrationQuestion[],
    accept_hours: row.acceptHours,
  };
}

function toStaffRegistration(row: PlacedRow): StaffRegistration {
  return {
    id: row.id,
    ticket: row.ticket,
    name: row.name,
    email: row.email,
    party: row.party,
    answers: row.answers as StaffRegistration['answers'],
    status: row.status as RegistrationStatus,
    waitlist_position: row.waitlistPosition,
    offer_expires_at: row.offerExpiresAt?.toISOString() ?? null,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
