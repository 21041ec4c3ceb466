import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { connectLive, type AudienceSocket, type LiveClient } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/** Two API processes of one site, with a congregation's phones spread over both. */
let first: TestApp;
let second: TestApp;
let staff: Staff;
const phones: Array<LiveClient<AudienceSocket>> = [];

beforeAll(async () => {
  first = await startTestApp();
  second = await startPeerApp(first);
  staff = await signInAsStaff(first);
});
afterAll(async () => {
  for (const phone of phones) phone.close();
  await second?.close();
  await first?.close();
});

async function congregation(on: TestApp, count: number, sessionId: string) {
  const joined: Array<LiveClient<AudienceSocket>> = [];
  for (let start = 0; start < count; start += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, () => connectLive<AudienceSocket>(on, 'audience')),
    );
    for (const phone of batch) expect(await phone.socket.emitWithAck('qna:join', sessionId)).toEqual({ ok: true });
    joined.push(...batch);
  }
  phones.push(...joined);
  return joined;
}

describe('the audience of a full church', () => {
  it('shows every phone on either API process the new question, then the end of the session, in that order', async () => {
    const [sunday] = await first.ctx.db
      .insert(qnaSessions)
      .values({ title: 'Sunday Q&A', description: 'Ask the pastors' })
      .returning();
    const room = [...(await congregation(first, 60, sunday!.id)), ...(await congregation(second, 240, sunday!.id))];

    const asked = await second.call('POST', `/api/qna/public/sessions/${sunday!.id}/submit/`, {
      text: 'Who is preaching at Easter?',
      category: 'church',
      name: 'Ade',
    });
    expect(asked.status).toBe(201);
    expect((await first.call('DELETE', `/api/qna/sessions/${sunday!.id}/`, undefined, staff.headers)).status).toBe(204);

    await eventually(
      async () => room.every((phone) => phone.received.length >= 2),
      'every phone told of the question and the end',
    );
    for (const phone of room) {
      expect(phone.received).toEqual([
        { event: 'questions:created', payload: [expect.objectContaining({ id: asked.body.id })] },
        { event: 'session:ended', payload: { session_id: sunday!.id } },
      ]);
    }
  });
});
