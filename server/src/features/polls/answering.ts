import type { ActivePollAnswer, MyPollAnswer, PollType, PublicPollResults, pollAnswerSchema } from '@gather/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { AudienceShares, WordFilter } from '../qna/index.js';
import type { AnswerRepository } from './answer-repository.js';
import { checkAnswer } from './answer-rules.js';
import type { PollLive } from './live.js';
import type { PollRepository } from './repository.js';
import type { PollResults } from './results.js';
import { toPublicPoll } from './shapes.js';

/** Who answers: their phone's device id (the Q&A's signed cookie) and their address. */
export interface Answerer {
  deviceId: string;
  address: string;
}

const closed = () => new AppError(409, { detail: 'This poll is closed.' });

/** What the audience's phones do: see the open poll, answer it once per device, and see revealed results. */
export class PollAnswering {
  constructor(
    private readonly polls: PollRepository,
    private readonly answers: AnswerRepository,
    private readonly reader: PollResults,
    private readonly live: PollLive,
    private readonly filter: WordFilter,
    private readonly shares: AudienceShares,
  ) {}

  /** The open poll, or else the last revealed one, with this device's answer; the phone's fallback while offline. */
  async active(sessionId: string, deviceId: string): Promise<ActivePollAnswer> {
    const { active, poll } = await this.polls.activePoll(sessionId);
    if (!active) throw AppError.notFound();
    if (!poll) return { poll: null };
    const [myAnswer, results] = await Promise.all([
      this.answers.mine(poll.id, deviceId),
      poll.revealed ? this.reader.forAudience(poll) : null,
    ]);
    return { poll: { ...toPublicPoll(poll), my_answer: myAnswer, results } };
  }

  /**
   * One answer per device, replaced when sent again while the poll is open. Words and text the session's word
   * filter catches are stored held: counted in the total, never shown.
   */
  async answer(
    pollId: string,
    sent: z.output<typeof pollAnswerSchema>,
    answerer: Answerer,
  ): Promise<{ poll_id: string; my_answer: MyPollAnswer }> {
    const poll = await this.answers.pollToAnswer(pollId);
    if (!poll) throw AppError.notFound();
    if (poll.status !== 'open') throw closed();
    const checked = checkAnswer(poll.type as PollType, poll.optionCount, sent);
    if ('errors' in checked) throw AppError.invalid(checked.errors);
    const { answer } = checked;
    const held = answer.text !== '' && this.filter.catches([answer.text], poll.filterWords);
    const place = await this.shares.takeAnswer(pollId, answerer.address);
    const stored = await place.keptIf(this.answers.store(pollId, answerer.deviceId, answer, held));
    if (!stored?.added) await place.giveBack();
    if (!stored) throw closed();
    if (stored.unshown) this.live.answerShown(poll.sessionId, pollId, null);
    this.reader.answered(pollId);
    return { poll_id: pollId, my_answer: answer };
  }

  /** Only once staff revealed them (403 before); 404 for a poll of an inactive session. */
  async results(pollId: string): Promise<PublicPollResults> {
    const poll = await this.polls.poll(pollId);
    if (!poll || !(await this.polls.sessionActive(poll.sessionId))) throw AppError.notFound();
    if (!poll.revealed) throw new AppError(403, { detail: 'The results of this poll have not been shown yet.' });
    return this.reader.forAudience(poll);
  }
}
