import { z } from 'zod';

/** The dashboard's overview counts in one call; Q&A sessions count only the active ones. */
export const dashboardStatsSchema = z.object({
  services: z.number(),
  events: z.number(),
  sermons: z.number(),
  albums: z.number(),
  qnaSessions: z.number(),
  photoCollections: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
