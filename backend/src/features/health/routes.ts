import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.enum(['ready', 'not ready']), database: z.boolean(), redis: z.boolean() });

export function healthRoutes(ctx: AppContext): ApiRouter {
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/health/',
        tag: 'health',
        summary: 'Liveness: the process answers',
        response: healthSchema,
      },
      () => ({ status: 'ok' }),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/ready/',
        tag: 'health',
        summary: 'Readiness: PostgreSQL and Redis both answer (503 otherwise)',
        response: readySchema,
      },
      async ({ res }) => {
        const [database, redis] = await Promise.all([
          // A frozen database would otherwise hold the answer until the query timeout; probes give up sooner.
          withTimeout(ctx.db.execute(sql`select 1`), 1000).then(
            () => true,
            () => false,
          ),
          withTimeout(ctx.redis.ping(), 1000).then(
            (reply) => reply === 'PONG',
            () => false,
          ),
        ]);
        const ready = database && redis;
        res.status(ready ? 200 : 503);
        return { status: ready ? 'ready' : 'not ready', database, redis };
      },
    );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}
