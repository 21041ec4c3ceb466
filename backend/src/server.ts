import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { createQueues } from './outbox/queues.js';
import { OutboxRelay } from './outbox/relay.js';
import type { AppContext } from './context.js';
import type { EndpointSpec } from './http/endpoint.js';

export interface RunningServer {
  server: http.Server;
  url: string;
  endpoints: EndpointSpec[];
  close(): Promise<void>;
}

export async function startServer(ctx: AppContext): Promise<RunningServer> {
  const gather = createApp(ctx);
  const { app } = gather;
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.PORT, ctx.config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const producer = createQueues(ctx.redis, ctx.config);
  const relay = new OutboxRelay(ctx.db, ctx.pool, producer.queues, ctx.log);
  await relay.start();
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    endpoints: gather.endpoints,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await relay.stop();
      await producer.close();
      await gather.close();
    },
  };
}
