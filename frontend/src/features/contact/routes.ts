import type { StaffPageHandle } from '../../lib/staff-sections';
import type { FeatureRoutes } from '../../lib/feature-routes';

export const contactRoutes = {
  public: [
    {
      path: 'contact',
      handle: {
        title: 'Contact Us',
        description: 'Send us a message, find our address, phone number and service times.',
      },
      lazy: () => import('./ContactPage').then((m) => ({ Component: m.ContactPage })),
    },
  ],
  staff: [
    {
      path: 'contacts',
      handle: {
        title: 'Contact Submissions',
        description: 'Messages sent through the contact form.',
        roles: ['pastoral'],
      } satisfies StaffPageHandle,
      lazy: () => import('./staff/ContactsPage').then((m) => ({ Component: m.ContactsPage })),
    },
  ],
} satisfies FeatureRoutes;
