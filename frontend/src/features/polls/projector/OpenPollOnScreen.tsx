import type { ReactNode } from 'react';
import { useStaffPollsRoom } from '../live';
import { useSessionPolls } from '../moderation/api';
import { PollProjector } from './PollProjector';

/** In the Q&A presentation mode: the session's open poll in the question's place, or the question. */
export function OpenPollOnScreen({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  useStaffPollsRoom(sessionId);
  const open = useSessionPolls(sessionId).data?.find((poll) => poll.status === 'open');
  return open ? <PollProjector poll={open} /> : children;
}
