import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { LiveServer } from './live.js';
import { createQueues } from '../platform/jobs/queues.js';
import { OutboxRelay } from '../platform/jobs/relay.js';
import type { AppContext } from '../platform/context.js';
import type { EndpointSpec } from '../platform/http/endpoint.js';
import type { PublicCache } from '../platform/cache/public-cache.js';

/**
 * How long an idle kept-alive connection stays open: longer than the proxy in front keeps its own (Caddy two
 * minutes, Go's default 90 s, nginx's upstream keepalive 60 s). Were the API to close first (Node's default is 5 s),
 * a request the proxy sends at that moment on the closing connection is cut off: a vote or a form answered by a reset.
 */
const KEEP_ALIVE_MS = 125_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  endpoints: EndpointSpec[];
  /** The public lists this process keeps between staff edits. */
  publicCache: PublicCache;
  close(): Promise<void>;
}

export async function startServer(ctx: AppContext): Promise<RunningServer> {
  const live = new LiveServer(ctx);
  // Requests push through this process's socket server, not through the live stream.
  const gather = createApp({ ...ctx, live: live.publisher }, () => live.socketCount());
  const { app } = gather;
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  live.attach(server, gather.auth);
  await gather.limitsReady();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ctx.config.PORT, ctx.config.HOST, resolve);
    });
  } catch (error) {
    // A port in use or a HOST not of this machine: release what the app opened, so the start can fail cleanly.
    await live.close();
    await gather.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const producer = createQueues(ctx.redis, ctx.config);
  const relay = new OutboxRelay(ctx.db, ctx.pool, producer, ctx.log, ctx.config.OUTBOX_RECHECK_MS);
  await relay.start();
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    endpoints: gather.endpoints,
    publicCache: gather.publicCache,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // WebSocket connections are the socket server's to end; the HTTP server waits for them.
      await live.close();
      await closed;
      await relay.stop();
      await producer.close();
      await gather.close();
    },
  };
}
