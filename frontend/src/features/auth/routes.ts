import type { RouteObject } from 'react-router-dom';
import type { FeatureRoutes } from '../../lib/feature-routes';

/** The ids of the routes the server does not draw: the login page and the console are drawn in the browser. */
export const STAFF_LOGIN_ROUTE = 'staff-login';
export const STAFF_CONSOLE_ROUTE = 'staff-console';

export const authRoutes = {
  fullScreen: [
    {
      id: STAFF_LOGIN_ROUTE,
      path: 'admin/login',
      handle: { title: 'Staff Sign In', description: 'Sign in to manage the church website.' },
      lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
    },
  ],
} satisfies FeatureRoutes;

/** The staff console: its pages are shown to signed-in staff only, anyone else is sent to sign in. */
export function staffOnly(children: RouteObject[]): RouteObject {
  return {
    id: STAFF_CONSOLE_ROUTE,
    lazy: () => import('./RequireStaff').then((m) => ({ Component: m.RequireStaff })),
    children,
  };
}
