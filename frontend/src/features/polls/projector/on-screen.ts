import type { StaffPoll } from '@gather/contracts';

/**
 * The poll the projector shows: the open one, or else the one opened last, closed now, with its results. A
 * session has one open poll at a time.
 */
export function pollOnScreen(polls: readonly StaffPoll[]): StaffPoll | undefined {
  const open = polls.find((poll) => poll.status === 'open');
  if (open) return open;
  return polls
    .filter((poll) => poll.opened_at !== null)
    .reduce<StaffPoll | undefined>(
      (latest, poll) => (!latest || Date.parse(poll.opened_at!) > Date.parse(latest.opened_at!) ? poll : latest),
      undefined,
    );
}
