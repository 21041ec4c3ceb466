import type { StaffPoll } from '@gather/contracts';

/** The session's polls with `poll` new or changed, oldest first as the server lists them. */
export function withPoll(polls: StaffPoll[] | undefined, poll: StaffPoll): StaffPoll[] | undefined {
  if (!polls) return polls;
  const others = polls.filter((shown) => shown.id !== poll.id);
  return [...others, poll].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

export function withoutPoll(polls: StaffPoll[] | undefined, pollId: string): StaffPoll[] | undefined {
  return polls?.filter((poll) => poll.id !== pollId);
}
