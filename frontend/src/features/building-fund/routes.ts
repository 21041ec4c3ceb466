import type { StaffPageHandle } from '../../lib/staff-sections';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { fundProgressData } from '../../lib/fund-progress';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle } from '../../lib/page-data';

export const buildingFundRoutes = {
  public: [
    {
      path: 'building-fund',
      handle: {
        title: 'Building Fund',
        description: 'Pledge to the building fund: give in full or in part by a date you choose.',
        data: () => [fundProgressData],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./PledgePage').then((m) => ({ Component: m.PledgePage })),
    },
  ],
  staff: [
    {
      path: 'building-fund',
      handle: {
        title: 'Building Fund',
        description: 'Pledges, gifts, Gift Aid and the goal of the building fund.',
        roles: ['finance'],
      } satisfies StaffPageHandle,
      lazy: () => import('./staff/BuildingFundPage').then((m) => ({ Component: m.BuildingFundPage })),
    },
  ],
} satisfies FeatureRoutes;
