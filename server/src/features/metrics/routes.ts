import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { Config } from '../../platform/config.js';
import { requireRoles, requireStaff } from '../../platform/http/guards.js';
import type { SiteMetrics } from './metrics.js';

/** Prometheus text, for a signed-in administrator or a scraper holding METRICS_TOKEN. */
export function metricsRoutes(metrics: SiteMetrics, config: Pick<Config, 'METRICS_TOKEN'>): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!hasToken(req, config.METRICS_TOKEN)) requireRoles(await requireStaff(req, res), ['administrator']);
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}

function hasToken(req: Request, token: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
