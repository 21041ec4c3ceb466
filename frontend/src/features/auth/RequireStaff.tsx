import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Alert, LoadingState } from '../../components/States';
import { useStaffUser } from './api';
import { SECURITY_PATH } from './paths';

export const LOGIN_PATH = '/admin/login';

/** Where the login page sends someone back to after signing in. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Every staff page sits under this: a signed-out visitor goes to the login page and comes back
 * after signing in. The server checks the session on every call; this only spares a useless screen.
 */
export function RequireStaff() {
  const location = useLocation();
  const user = useStaffUser();
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <Alert>We couldn't reach the site. Please check your connection and reload.</Alert>;
  if (!user.data) return <Navigate to={loginPathFor(location)} replace />;
  // The server refuses every other call until a second factor is set up; this spares a screen of errors.
  if (user.data.mustEnrol && location.pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return <Outlet />;
}
