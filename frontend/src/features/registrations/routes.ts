import type { FeatureRoutes } from '../../lib/feature-routes';
import type { StaffPageHandle } from '../../lib/staff-sections';

export const registrationsRoutes = {
  staff: [
    {
      path: 'events/:eventId/registrations',
      handle: {
        title: 'Sign-ups',
        description: "An event's sign-ups: places, the waiting list, answers, changes by hand and mail.",
        roles: ['content'],
      } satisfies StaffPageHandle,
      lazy: () => import('./SignUpsPage').then((m) => ({ Component: m.SignUpsPage })),
    },
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
