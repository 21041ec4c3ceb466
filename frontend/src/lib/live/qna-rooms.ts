import { liveRooms } from '@gather/contracts';
import type { RoomDefinition } from './connection';

/** A Q&A session's room, on the staff namespace: its questions and its polls. */
export function staffQnaRoom(sessionId: string): RoomDefinition<'staff'> {
  return {
    key: liveRooms.qna(sessionId),
    join: (staff, ack) => staff.emit('qna:join', sessionId, ack),
    leave: (staff) => staff.emit('qna:leave', sessionId),
  };
}

/** The same session's room as the audience's phones follow it. */
export function audienceQnaRoom(sessionId: string): RoomDefinition<'audience'> {
  return { key: liveRooms.qna(sessionId), join: (audience, ack) => audience.emit('qna:join', sessionId, ack) };
}
