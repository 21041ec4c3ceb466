import type {
  PollStatus,
  PollType,
  PublicPoll,
  PublicPollResults,
  StaffPoll,
  StaffPollResults,
} from '@gather/contracts';
import type { Counts } from './answer-repository.js';
import type { PollRow } from './repository.js';

export function toStaffPoll(poll: PollRow): StaffPoll {
  return {
    ...toPublicPoll(poll),
    answer_count: poll.answerCount,
    created_at: poll.createdAt.toISOString(),
    opened_at: poll.openedAt?.toISOString() ?? null,
    closed_at: poll.closedAt?.toISOString() ?? null,
  };
}

/** Picked field by field, so a field added to polls later never reaches the audience by accident. */
export function toPublicPoll(poll: PollRow): PublicPoll {
  return {
    id: poll.id,
    session_id: poll.sessionId,
    question: poll.question,
    type: poll.type as PollType,
    options: poll.options,
    status: poll.status as PollStatus,
    revealed: poll.revealed,
  };
}

/** Counts by option for the types that have options; the average for a rating; the words for a word cloud. */
export function toPublicResults(poll: PollRow, counts: Counts): PublicPollResults {
  const type = poll.type as PollType;
  return {
    poll_id: poll.id,
    type,
    total: counts.total,
    counts: poll.options.map((_, position) => counts.counts.get(position) ?? 0),
    average: type === 'rating' ? counts.average : null,
    words: type === 'words' ? counts.words : [],
  };
}

export function toStaffResults(
  poll: PollRow,
  counts: Counts,
  answers: Array<{ id: number; text: string; held: boolean; createdAt: Date }>,
): StaffPollResults {
  return {
    ...toPublicResults(poll, counts),
    answers: answers.map((answer) => ({
      id: answer.id,
      text: answer.text,
      held: answer.held,
      created_at: answer.createdAt.toISOString(),
    })),
    shown_answer_id: poll.shownAnswerId,
  };
}
