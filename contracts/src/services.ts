import { z } from 'zod';
import { choice, requiredText } from './common.js';
import { optionalWebLink, webAddress } from './content-fields.js';
export * from './services-values.js';

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  day: z.string(),
  time: z.string(),
  description: z.string(),
  zoom_link: z.string().nullable(),
  is_active: z.boolean(),
});
export type WeeklyService = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

/** The days the service form offers, Sunday first as the church's week starts. */
export const SERVICE_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const serviceRequestSchema = z.object({
  name: requiredText(100),
  day: choice(SERVICE_DAYS),
  /** Free text as the church writes it, e.g. "7:00 PM". */
  time: requiredText(20),
  description: requiredText(1000),
  zoom_link: optionalWebLink(webAddress),
  is_active: z.boolean({ error: 'Must be true or false.' }).default(true),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;
