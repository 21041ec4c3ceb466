import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
const clients: Array<LiveClient<StaffSocket | AudienceSocket>> = [];

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
});

async function connect<S extends StaffSocket | AudienceSocket>(
  namespace: 'staff' | 'audience',
  headers: Record<string, string> = {},
) {
  const client = await connectLive<S>(app, namespace, { extraHeaders: headers });
  clients.push(client);
  return client;
}

/** What a script may send over a live connection is as untrusted as a request body. */
describe('what clients send over live connections', () => {
  it('leaving a room by something other than an id is ignored, and the connection goes on', async () => {
    const moderator = await connect<StaffSocket>('staff', { cookie: staff.headers.cookie!, origin: app.url });
    // Untyped, as a script would send them: an object whose own toString is not a function, a list, a number.
    const socket = moderator.socket as unknown as { emit(event: string, ...args: unknown[]): void };
    for (const id of [JSON.parse('{"toString":1}'), [], 7]) {
      socket.emit('qna:leave', id);
      socket.emit('collection:leave', id);
    }
    // A socket's events are handled in order: once this is answered, the leaves above were handled.
    expect(await moderator.socket.emitWithAck('jobs:join')).toEqual({ ok: true });
  });

  it('a message far larger than joining a room needs closes the connection before it is read', async () => {
    const visitor = await connect<AudienceSocket>('audience');
    const closed = new Promise<string>((resolve) => visitor.socket.once('disconnect', () => resolve('closed')));
    const answered = visitor.socket.emitWithAck('qna:join', 'x'.repeat(100_000)).then(() => 'answered');
    expect(await Promise.race([closed, answered])).toBe('closed');
  });
});
