import type { FeatureRoutes } from '../../lib/feature-routes';
import type { StaffPageHandle } from '../../lib/staff-sections';

export const registrationsRoutes = {
  staff: [
    {
      path: 'events/:eventId/check-in',
      handle: {
        title: 'Check-in',
        description: "Check people in at the event's door.",
        roles: ['content'],
      } satisfies StaffPageHandle,
      lazy: () => import('./CheckInPage').then((m) => ({ Component: m.CheckInPage })),
    },
  ],
} satisfies FeatureRoutes;
