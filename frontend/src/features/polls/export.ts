import type { StaffPoll, StaffPollResults } from '@gather/contracts';
import { api } from '../../lib/api';
import { pollPath, sessionPollsPath } from './moderation/api';

/** A poll in the session's JSON download: what was asked, and what the room answered. */
export interface PollExport {
  question: string;
  type: StaffPoll['type'];
  status: StaffPoll['status'];
  revealed: boolean;
  opened_at: string | null;
  closed_at: string | null;
  /** Devices that answered. */
  total: number;
  /** For choices and ratings: each option with how many chose it. */
  options: Array<{ option: string; count: number }>;
  average: number | null;
  words: Array<{ word: string; count: number }>;
  /** Text and words answers; `held` ones the word filter caught. */
  answers: Array<{ text: string; held: boolean; created_at: string }>;
}

export function pollExport(poll: StaffPoll, results: StaffPollResults | null): PollExport {
  return {
    question: poll.question,
    type: poll.type,
    status: poll.status,
    revealed: poll.revealed,
    opened_at: poll.opened_at,
    closed_at: poll.closed_at,
    total: results?.total ?? 0,
    options: poll.options.map((option, index) => ({ option, count: results?.counts[index] ?? 0 })),
    average: results?.average ?? null,
    words: results?.words ?? [],
    answers: (results?.answers ?? []).map(({ text, held, created_at }) => ({ text, held, created_at })),
  };
}

/** The session's polls with their results, oldest first, for the moderator's JSON download. */
export async function pollsExport(sessionId: string): Promise<{ polls: PollExport[] }> {
  const polls = await api.get<StaffPoll[]>(sessionPollsPath(sessionId));
  const results = await Promise.all(
    polls.map((poll) => (poll.status === 'draft' ? null : api.get<StaffPollResults>(`${pollPath(poll.id)}results/`))),
  );
  return { polls: polls.map((poll, index) => pollExport(poll, results[index] ?? null)) };
}
