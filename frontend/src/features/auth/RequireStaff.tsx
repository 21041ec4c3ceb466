import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { NoAccess } from '../../components/NoAccess';
import { CHOOSE_PASSWORD_PATH, mayUse, type SectionRoles } from '../../lib/staff-sections';
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
 * after signing in; a page whose `handle.roles` this person does not hold says so instead of drawing. The
 * server checks the session and roles on every call; this only spares a useless screen.
 */
export function RequireStaff() {
  const location = useLocation();
  const user = useStaffUser();
  const needed = useMatches()
    .map((match) => (match.handle as { roles?: SectionRoles } | undefined)?.roles)
    .filter(Boolean)
    .at(-1);
  if (user.isPending) return <LoadingState />;
  // A failed check of a session already known (a moment offline) keeps the console and what is typed in it.
  if (user.isError && user.data === undefined)
    return <Alert>We couldn't reach the site. Please check your connection and reload.</Alert>;
  if (!user.data) return <Navigate to={loginPathFor(location)} replace />;
  if (user.data.must_change_password && location.pathname !== CHOOSE_PASSWORD_PATH) {
    return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  }
  // The server refuses every other call until a second factor is set up; this spares a screen of errors.
  if (user.data.must_enrol && location.pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  if (!mayUse(user.data.roles, needed)) return <NoAccess />;
  return <Outlet />;
}
