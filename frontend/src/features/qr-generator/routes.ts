import type { FeatureRoutes } from '../../lib/feature-routes';

export const qrGeneratorRoutes = {
  public: [
    {
      path: 'qr-generator',
      handle: { title: 'QR Code Generator', description: 'Turn any link into a QR code in the church colours.' },
      lazy: () => import('./QrGeneratorPage').then((m) => ({ Component: m.QrGeneratorPage })),
    },
  ],
} satisfies FeatureRoutes;
