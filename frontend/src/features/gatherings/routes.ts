import type { FeatureRoutes } from '../../lib/feature-routes';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';
import { weeklyServicesData } from '../../lib/weekly-services';

const DESCRIPTION =
  'Ask a question, share a photo, fill in a connect card, give and follow the sermon, all in one place.';

export const gatheringsRoutes = {
  public: [
    {
      path: 'sunday',
      handle: {
        title: 'Sunday',
        description: DESCRIPTION,
        data: () => [
          { queryKey: queryKeys.gatherings.current(), path: '/api/gatherings/public/current/' },
          weeklyServicesData,
        ],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./GatheringPage').then((m) => ({ Component: m.SundayPage })),
    },
    {
      path: 'gathering/:gatheringId',
      handle: {
        title: 'Gathering',
        description: DESCRIPTION,
        data: ({ gatheringId = '' }) => [
          {
            queryKey: queryKeys.gatherings.public(gatheringId),
            path: `/api/gatherings/public/${encodeURIComponent(gatheringId)}/`,
            subject: true,
          },
          weeklyServicesData,
        ],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./GatheringPage').then((m) => ({ Component: m.GatheringPage })),
    },
  ],
} satisfies FeatureRoutes;
