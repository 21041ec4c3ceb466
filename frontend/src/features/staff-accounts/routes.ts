import type { FeatureRoutes } from '../../lib/feature-routes';
import { CHOOSE_PASSWORD_PATH } from '../../lib/staff-sections';

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
  staffFullScreen: [
    {
      // Signed in with a one-time password: the only page shown until the password is the staff member's own.
      path: CHOOSE_PASSWORD_PATH.slice(1),
      handle: { title: 'Choose Your Password', description: 'Choose your own password for your staff account.' },
      lazy: () => import('./ChoosePasswordPage').then((m) => ({ Component: m.ChoosePasswordPage })),
    },
  ],
} satisfies FeatureRoutes;
