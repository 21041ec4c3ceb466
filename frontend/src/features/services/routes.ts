import type { FeatureRoutes } from '../../lib/feature-routes';

export const servicesRoutes = {
  public: [
    {
      path: 'services',
      handle: {
        title: 'Services',
        description: 'Weekly services, prayer, Bible study and youth meetings, in person and online.',
      },
      lazy: () => import('./ServicesPage').then((m) => ({ Component: m.ServicesPage })),
    },
  ],
} satisfies FeatureRoutes;
