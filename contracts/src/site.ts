import { z } from 'zod';

/** The church's own details, kept in settings so another church can run the site unchanged. */
export const siteSettingsSchema = z.object({
  church_name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  live_stream_url: z.string(),
  online_giving_url: z.string(),
  bank: z.object({
    account_name: z.string(),
    bank_name: z.string(),
    sort_code: z.string(),
    account_number: z.string(),
  }),
  social: z.object({
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    youtube: z.string().nullable(),
  }),
  /** Lines of the footer's "Service times". */
  service_times: z.array(z.string()),
  /** Where the church is on a map, when Settings gives it; directions use it over the address. */
  map: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  email_domain: z.string(),
  default_sender: z.object({ email: z.string(), name: z.string() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
