import type { PageDataNeed } from './page-data';
import { queryKeys } from './query-keys';

/** The four weekly gatherings every public page shows; fixed by the church, not edited online. */
export interface WeeklyGathering {
  day: string;
  time: string;
  name: string;
  description: string;
  featured?: boolean;
}

export const WEEKLY_SERVICES: readonly WeeklyGathering[] = [
  {
    day: 'Sunday',
    time: '10:00 AM',
    name: 'Main Service',
    description: 'Worship, prayer and a message from the Bible, in person and streamed live. Come as you are.',
    featured: true,
  },
  {
    day: 'Monday',
    time: '7:00 PM',
    name: 'Grow in the Word',
    description: 'Our Bible study: we read a passage together, ask honest questions and grow in faith.',
  },
  {
    day: 'Wednesday',
    time: '7:00 PM',
    name: 'Prayer Meeting',
    description: 'A midweek hour to pray for one another, our city and the world.',
  },
  {
    day: 'Friday',
    time: '7:00 PM',
    name: 'Youth Meeting',
    description: 'Games, food, worship and real conversations for young people.',
  },
];

/** Monthly and weekly gatherings beyond the four services. */
export const OTHER_GATHERINGS: readonly { when: string; name: string; description: string }[] = [
  { when: 'Thursday, 7:00 PM', name: 'Choir Practice', description: 'Everyone who loves to sing is welcome.' },
  {
    when: 'First Saturday of each month',
    name: "Men's Fellowship",
    description: 'Breakfast, friendship and encouragement.',
  },
  {
    when: 'Second Saturday of each month',
    name: "Women's Fellowship",
    description: 'Time together to share, pray and grow.',
  },
  {
    when: 'First Sunday of each month',
    name: 'New Members Class',
    description: 'Find out who we are and how to belong, over lunch after the service.',
  },
];

export const LIVE_STREAM_TIME = 'Sunday, 10:00 AM GMT';

/**
 * The weekly services staff keep online (GET /api/services/), as the routes of the pages drawn from them
 * declare them (`handle.data`): Home, for search engines, and a gathering with nothing linked yet.
 */
export const weeklyServicesData: PageDataNeed = { queryKey: queryKeys.services.list(), path: '/api/services/' };
