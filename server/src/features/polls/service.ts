import { RATING_OPTIONS, type PollForm, type StaffPoll, type StaffPollResults } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { PollLive } from './live.js';
import type { PollRepository, PollRow } from './repository.js';
import type { PollResults } from './results.js';
import { toPublicPoll, toStaffPoll } from './shapes.js';

/** What staff do with a session's polls; every change reaches the session's screens once it is committed. */
export class PollService {
  constructor(
    private readonly polls: PollRepository,
    private readonly reader: PollResults,
    private readonly live: PollLive,
  ) {}

  async create(sessionId: string, form: PollForm): Promise<StaffPoll> {
    if (!(await this.polls.sessionExists(sessionId))) throw AppError.notFound();
    const options = form.type === 'rating' ? [...RATING_OPTIONS] : (form.options ?? []);
    const poll = toStaffPoll(await this.polls.create({ sessionId, question: form.question, type: form.type, options }));
    this.live.changed(poll);
    return poll;
  }

  async list(sessionId: string): Promise<StaffPoll[]> {
    if (!(await this.polls.sessionExists(sessionId))) throw AppError.notFound();
    return (await this.polls.list(sessionId)).map(toStaffPoll);
  }

  async delete(id: string): Promise<void> {
    const deleted = await this.polls.delete(id);
    if (!deleted) throw AppError.notFound();
    this.live.changed(toStaffPoll(deleted), true);
    if (deleted.status === 'open') this.live.closed(deleted.sessionId, id);
  }

  /** One open poll per session: opening one closes the other. A closed poll may be opened again. */
  async open(id: string): Promise<StaffPoll> {
    const outcome = await this.polls.open(id);
    if (!outcome) throw AppError.notFound();
    if (outcome.closed) this.announceClosed(outcome.closed);
    const opened = toStaffPoll(outcome.opened);
    this.live.changed(opened);
    this.live.opened(toPublicPoll(outcome.opened));
    return opened;
  }

  async close(id: string): Promise<StaffPoll> {
    const outcome = await this.polls.close(id);
    if (!outcome) throw AppError.notFound();
    if (outcome.changed) this.announceClosed(outcome.poll);
    return toStaffPoll(outcome.poll);
  }

  /** Revealed results reach the phones at once, and then as they change; hiding them stops that. */
  async reveal(id: string, revealed: boolean): Promise<StaffPoll> {
    const poll = await this.polls.reveal(id, revealed);
    if (!poll) throw AppError.notFound();
    const answer = toStaffPoll(poll);
    this.live.changed(answer);
    if (revealed) this.reader.revealed(id);
    return answer;
  }

  async results(id: string): Promise<StaffPollResults> {
    return this.reader.forStaff(await this.existing(id));
  }

  /** Puts a text answer on the projector; one the word filter held is never shown (404, as if not there). */
  async show(id: string, answerId: number): Promise<StaffPollResults> {
    const shown = await this.polls.show(id, answerId);
    if (!shown) throw AppError.notFound();
    this.live.answerShown(shown.poll.sessionId, id, shown.answer);
    return this.reader.forStaff(shown.poll);
  }

  async hide(id: string, answerId: number): Promise<StaffPollResults> {
    const outcome = await this.polls.hide(id, answerId);
    if (!outcome) throw AppError.notFound();
    if (outcome.hidden) this.live.answerShown(outcome.poll.sessionId, id, null);
    return this.reader.forStaff(outcome.poll);
  }

  private announceClosed(poll: PollRow): void {
    this.live.changed(toStaffPoll(poll));
    this.live.closed(poll.sessionId, poll.id);
  }

  private async existing(id: string): Promise<PollRow> {
    const poll = await this.polls.poll(id);
    if (!poll) throw AppError.notFound();
    return poll;
  }
}
