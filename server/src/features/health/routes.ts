import { publicReadinessSchema, readinessSchema, siteHealthSchema } from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { signedInStaff } from '../../platform/http/guards.js';
import { HealthService } from './service.js';

const healthSchema = z.object({ status: z.literal('ok') });

export function healthRoutes(ctx: AppContext): ApiRouter {
  const health = new HealthService(ctx);
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
        summary:
          'Readiness: PostgreSQL, Redis and a worker heartbeat (503 when one fails); a signed-in staff member also sees each check, with the mail server and disk space for media',
        response: z.union([readinessSchema, publicReadinessSchema]),
      },
      async ({ req, res }) => {
        const readiness = await health.readiness();
        res.status(readiness.status === 'ready' ? 200 : 503);
        // What is down, and the mail server's address, help an attacker as much as an operator.
        return (await signedInStaff(req, 'any-staff')) ? readiness : { status: readiness.status };
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/site-health/',
        tag: 'dashboard',
        roles: 'any-staff',
        summary: 'What is wrong with the site (worker silent, mail failing, disk nearly full); empty when all is well',
        response: siteHealthSchema,
      },
      () => health.problems(),
    );
}
