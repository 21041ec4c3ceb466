import type { FeatureRoutes } from '../../lib/feature-routes';

/** The id of the route of the page to set a password, which the browser draws (the server does not). */
export const SET_PASSWORD_ROUTE = 'staff-set-password';

export const staffAccountsRoutes = {
  fullScreen: [
    {
      // Reached from an e-mailed link, before its owner can sign in.
      id: SET_PASSWORD_ROUTE,
      path: 'admin/set-password',
      handle: { title: 'Set Your Password', description: 'Choose the password for your staff account.' },
      lazy: () => import('./SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
    },
  ],
} satisfies FeatureRoutes;
