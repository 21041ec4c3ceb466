import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

/** Longer than Node's own default (5 s, and 1 s more on Node 24), after which the API used to close the connection. */
const IDLE_MS = 7000;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/**
 * A TLS proxy in front keeps its connections to the API open for a minute or two between requests. Were the API to
 * close one first, the proxy's next request on it (a vote, a form) would be cut off by a reset.
 */
it('keeps an idle kept-alive connection open, as the proxy in front does, and answers on it again', async () => {
  const { port } = new URL(app.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => void (received += chunk));
  socket.on('close', () => void (closed = true));
  socket.on('error', () => undefined);
  const answers = () => received.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
  const ask = () => socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n');

  ask();
  await expect.poll(answers).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  expect(closed).toBe(false);
  ask();
  await expect.poll(answers).toBe(2);
  socket.destroy();
}, 20_000);
