import { z } from 'zod';
import { requiredText } from './common.js';

export const homepageContentSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  heroCta: z.string(),
  welcomeTitle: z.string(),
  welcomeMessage: z.string(),
});
export type HomepageContent = z.infer<typeof homepageContentSchema>;

export const homepageContentRequestSchema = z.object({
  heroTitle: requiredText(120),
  heroSubtitle: requiredText(300),
  heroCta: requiredText(40),
  welcomeTitle: requiredText(120),
  welcomeMessage: requiredText(2000),
});
export type HomepageContentRequest = z.infer<typeof homepageContentRequestSchema>;
