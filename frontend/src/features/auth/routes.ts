import type { RouteObject } from 'react-router-dom';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { SECURITY_PATH } from './paths';

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
  /** Signed-in pages outside the dashboard: the only page a session limited to enrolling may see. */
  staffFullScreen: [
    {
      path: SECURITY_PATH.slice(1),
      handle: { title: 'Two-step sign-in', description: 'Set up a passkey or an authenticator app.' },
      lazy: () => import('./security/SecurityPage').then((m) => ({ Component: m.SecurityPage })),
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
