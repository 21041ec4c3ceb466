import type { TestApp } from './app.js';
import { newEvent } from './registrations.js';
import type { Staff } from './staff.js';
import { staffCreates } from './visitor-pages.js';

/** The church's Sunday service as the console sends it; spread it to change a field. */
export const MORNING_WORSHIP = {
  name: 'Morning Worship',
  day: 'Sunday',
  time: '10:30 AM',
  description: 'Songs, prayer and the Bible',
  zoom_link: null,
  is_active: true,
};

/** What staff add in a week, each as the console sends it. */
export interface WeekOfContent {
  event: Record<string, string>;
  sermon: Record<string, string>;
  service: typeof MORNING_WORSHIP;
  session: { title: string; description: string };
  collection: string;
}

/** Adds a week's event, sermon, service, Q&A session and photo collection through the API; answers the new ids. */
export async function addWeekOfContent(app: TestApp, staff: Staff, content: WeekOfContent) {
  const event = await newEvent(app, staff, content.event);
  await staffCreates(app, staff, '/api/sermons/', content.sermon);
  await staffCreates(app, staff, '/api/services/', content.service);
  const session = await staffCreates(app, staff, '/api/qna/sessions/', content.session);
  const collection = await staffCreates(app, staff, '/api/photo-collections/', { name: content.collection });
  return { event, session, collection };
}
