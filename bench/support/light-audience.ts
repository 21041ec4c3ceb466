import { GATHERED_AUDIENCE_EVENTS } from '@gather/contracts';
import WebSocket from 'ws';

/**
 * Audience phones for the benches that only count what the congregation is sent: each a bare WebSocket speaking
 * just enough of the socket.io protocol (Engine.IO 4) to open the audience namespace, join a session's room and
 * answer the server's pings, counting each event by its name without decoding it. Thousands of socket.io clients
 * decoding every list cost a two-core machine as much as the server they measure; these leave it the CPU.
 */

/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 50;
const JOINED = /^43\/audience,0\[\{"ok":true\}\]$/;
/**
 * Bytes of a message read to tell what it is: every protocol message and event name here fits. A list's body is never
 * decoded: in `sunday` 5,000 phones each get a moment's new questions and counts every second.
 */
const HEAD_BYTES = 64;
/** A room's events that left together (Gather's audience sockets): each counted by its entry's start. */
const GATHERED = `42/audience,["${GATHERED_AUDIENCE_EVENTS}",`;

export interface AudienceCounts {
  /** Events received per name; each entry of a gathered message counts. */
  events: Record<string, number>;
  /** Sockets that closed (the server cut them off: the bench ends by ending the process). */
  disconnects: number;
}

/** Opens `count` audience sockets in batches, each joined to the session's room; counts every event they get. */
export async function openCountingAudience(
  target: { url: string; sessionId: string },
  count: number,
  eventNames: string[],
): Promise<{ counts: AudienceCounts }> {
  const counts: AudienceCounts = { events: Object.fromEntries(eventNames.map((name) => [name, 0])), disconnects: 0 };
  const prefixes = eventNames.map((name) => [`42/audience,["${name}"`, name] as const);
  // JSON escapes every quote inside a string, so an entry's start appears nowhere else in the message.
  const entries = eventNames.map((name) => [Buffer.from(`["${name}",`), name] as const);
  const address = `${target.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;

  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      // Nor is it checked as UTF-8: the server under test wrote it, and the check reads every byte, as decoding did.
      const socket = new WebSocket(address, { perMessageDeflate: false, skipUTF8Validation: true });
      let joined = false;
      socket.on('message', (data: Buffer) => {
        const text = data.toString('latin1', 0, HEAD_BYTES);
        if (text === '2') return void socket.send('3');
        if (text.startsWith('0{')) return void socket.send('40/audience,');
        if (text.startsWith('40/audience,')) {
          return void socket.send(`42/audience,0${JSON.stringify(['qna:join', target.sessionId])}`);
        }
        if (!joined && text.startsWith('43/audience,0')) {
          if (!JOINED.test(text)) return reject(new Error(`join refused: ${text}`));
          joined = true;
          return resolve(socket);
        }
        if (text.startsWith(GATHERED)) {
          for (const [entry, name] of entries) {
            for (let at = data.indexOf(entry); at >= 0; at = data.indexOf(entry, at + entry.length)) {
              counts.events[name]! += 1;
            }
          }
          return;
        }
        for (const [prefix, name] of prefixes) {
          if (text.startsWith(prefix)) counts.events[name]! += 1;
        }
      });
      socket.on('close', () => {
        counts.disconnects += 1;
        if (!joined) reject(new Error('closed before joining'));
      });
      socket.on('error', reject);
    });

  for (let start = 0; start < count; start += CONNECT_BATCH) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, open));
  }
  return { counts };
}
