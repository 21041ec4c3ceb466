import type { StaffPageHandle } from '../../lib/staff-sections';
import type { FeatureRoutes } from '../../lib/feature-routes';

export const connectRoutes = {
  public: [
    {
      path: 'connect',
      handle: { title: 'Connect', description: "New here? Tell us a little about yourself and we'll be in touch." },
      lazy: () => import('./ConnectPage').then((m) => ({ Component: m.ConnectPage })),
    },
  ],
  staff: [
    {
      path: 'connections',
      handle: {
        title: 'Connect Submissions',
        description: 'Cards sent through the connect form.',
        roles: ['pastoral'],
      } satisfies StaffPageHandle,
      lazy: () => import('./staff/ConnectionsPage').then((m) => ({ Component: m.ConnectionsPage })),
    },
  ],
} satisfies FeatureRoutes;
