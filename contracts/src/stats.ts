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

/** One of today's events taking sign-ups, as the dashboard shows its door: arrivals against places. */
export const eventArrivalsSchema = z.object({
  event_id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  /** People checked in, parties summed. */
  arrived: z.number().int(),
  /** Places held by confirmed sign-ups (and places offered off the waiting list). */
  places_taken: z.number().int(),
  capacity: z.number().int(),
});
export type EventArrivals = z.infer<typeof eventArrivalsSchema>;

/** GET /api/admin/stats/arrivals/: today's events (on the church's clock) that take sign-ups. */
export const todaysArrivalsSchema = z.object({ events: z.array(eventArrivalsSchema) });
export type TodaysArrivals = z.infer<typeof todaysArrivalsSchema>;
