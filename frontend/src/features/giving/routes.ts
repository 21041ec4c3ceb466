import type { StaffPageHandle } from '../../lib/staff-sections';
import type { FeatureRoutes } from '../../lib/feature-routes';

export const givingRoutes = {
  public: [
    {
      path: 'give',
      handle: {
        title: 'Give',
        description: 'Ways to give: online, by bank transfer or in person, and how to tell us about a gift.',
      },
      lazy: () => import('./GivePage').then((m) => ({ Component: m.GivePage })),
    },
  ],
  staff: [
    {
      path: 'giving',
      handle: {
        title: 'Giving Notifications',
        description: 'Gifts visitors told the church about.',
        roles: ['finance'],
      } satisfies StaffPageHandle,
      lazy: () => import('./staff/GivingPage').then((m) => ({ Component: m.GivingPage })),
    },
  ],
} satisfies FeatureRoutes;
