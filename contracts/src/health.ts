import { z } from 'zod';

export const HEALTH_CHECKS = ['database', 'redis', 'worker', 'mail', 'disk'] as const;
export type HealthCheckName = (typeof HEALTH_CHECKS)[number];

/** failing: the site cannot do its work; warning: it works, but someone should look soon. */
export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'warning', 'failing']),
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** What anyone may learn of readiness: ready or not, nothing of what is behind it. */
export const publicReadinessSchema = z.object({ status: z.enum(['ready', 'not ready']) });

/** Readiness as a signed-in staff member sees it: each dependency and why it fails. */
export const readinessSchema = publicReadinessSchema.extend({
  database: z.boolean(),
  redis: z.boolean(),
  checks: z.object(
    Object.fromEntries(HEALTH_CHECKS.map((name) => [name, healthCheckSchema])) as Record<
      HealthCheckName,
      typeof healthCheckSchema
    >,
  ),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** What the staff dashboard's "site health" line shows: only what is wrong, empty when all is well. */
export const siteHealthSchema = z.object({
  problems: z.array(healthCheckSchema.extend({ check: z.enum(HEALTH_CHECKS) })),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
