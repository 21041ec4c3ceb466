import type { FeatureRoutes } from '../../lib/feature-routes';

export const aboutRoutes = {
  public: [
    {
      path: 'about',
      handle: { title: 'About Us', description: 'Our mission, what we believe, who we are and our story since 2020.' },
      lazy: () => import('./AboutPage').then((m) => ({ Component: m.AboutPage })),
    },
  ],
} satisfies FeatureRoutes;
