import type { StaffPageHandle } from '../../lib/staff-sections';
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle } from '../../lib/page-data';
import { wallData } from './api';

export const prayerRoutes = {
  public: [
    {
      path: 'prayer',
      handle: {
        title: 'Prayer',
        description: 'Send a prayer request to our pastoral team, and choose who may read it.',
      } satisfies PageMeta,
      lazy: () => import('./PrayerPage').then((m) => ({ Component: m.PrayerPage })),
    },
    {
      path: 'prayer/wall',
      handle: {
        title: 'Prayer Wall',
        description: 'Pray for the requests our church family chose to share.',
        data: () => [wallData],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./PrayerWallPage').then((m) => ({ Component: m.PrayerWallPage })),
    },
  ],
  staff: [
    {
      path: 'prayer',
      handle: {
        title: 'Prayer Requests',
        description: 'Prayer requests for the pastoral team: new ones arrive live.',
        roles: ['pastoral'],
      } satisfies StaffPageHandle,
      lazy: () => import('./staff/PrayerRequestsPage').then((m) => ({ Component: m.PrayerRequestsPage })),
    },
  ],
} satisfies FeatureRoutes;
