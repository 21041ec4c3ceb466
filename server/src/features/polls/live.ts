import {
  liveRooms,
  type PublicPoll,
  type PublicPollResults,
  type StaffPoll,
  type StaffPollResults,
} from '@gather/contracts';
import type { LivePublisher } from '../../platform/live/publisher.js';

/**
 * A poll's events, in its Q&A session's room on both namespaces, so phones already on the question page get
 * polls without joining anything new. The audience gets only what the public calls answer.
 */
export class PollLive {
  constructor(private readonly live: LivePublisher) {}

  changed(poll: StaffPoll, deleted = false): void {
    this.live.send({
      namespace: 'staff',
      room: liveRooms.qna(poll.session_id),
      event: 'poll:changed',
      payload: deleted ? { poll, deleted } : { poll },
    });
  }

  opened(poll: PublicPoll): void {
    this.live.send({
      namespace: 'audience',
      room: liveRooms.qna(poll.session_id),
      event: 'poll:opened',
      payload: poll,
    });
  }

  closed(sessionId: string, pollId: string): void {
    const payload = { poll_id: pollId };
    this.live.send({ namespace: 'audience', room: liveRooms.qna(sessionId), event: 'poll:closed', payload });
  }

  /** Moderators and the projector always; phones only while the results are revealed. */
  results(sessionId: string, results: StaffPollResults, revealed: PublicPollResults | undefined): void {
    const room = liveRooms.qna(sessionId);
    this.live.send({ namespace: 'staff', room, event: 'poll:results', payload: { session_id: sessionId, results } });
    if (revealed) this.live.send({ namespace: 'audience', room, event: 'poll:results', payload: revealed });
  }

  answerShown(sessionId: string, pollId: string, answer: { id: number; text: string } | null): void {
    this.live.send({
      namespace: 'staff',
      room: liveRooms.qna(sessionId),
      event: 'poll:answer-shown',
      payload: { session_id: sessionId, poll_id: pollId, answer },
    });
  }
}
