import { NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogout, useStaffUser } from '../../features/auth/api';
import { SECURITY_PATH } from '../../features/auth/paths';
import { LOGIN_PATH } from '../../features/auth/RequireStaff';
import { useAttention, type AttentionKind } from '../../features/attention/api';
import { useChurchName } from '../../lib/site';
import { AttentionBadges } from '../../features/attention/AttentionBadges';
import {
  DASHBOARD_SECTIONS,
  dashboardSectionPath,
  mayUse,
  type DashboardSectionId,
  type SectionRoles,
} from '../../lib/staff-sections';

import styles from './StaffLayout.module.css';

/** Which of the attention counts each sidebar link carries as badges. */
const SECTION_ATTENTION: Partial<Record<DashboardSectionId, AttentionKind[]>> = {
  qna: ['questions_waiting'],
  'photo-collections': ['uploads_waiting'],
  emails: ['campaigns_with_failures'],
};

/** The console's pages beside the dashboard's sections, with the roles their calls need. */
const PAGES: Array<{ to: string; label: string; roles: SectionRoles; attention: AttentionKind[] }> = [
  { to: '/admin/contacts', label: 'Contact Inbox', roles: ['pastoral'], attention: ['unread_contacts'] },
  { to: '/admin/connections', label: 'Connect Cards', roles: ['pastoral'], attention: ['new_connect_cards'] },
  { to: '/admin/giving', label: 'Giving', roles: ['finance'], attention: ['new_giving'] },
  {
    to: '/admin/building-fund',
    label: 'Building Fund',
    roles: ['finance'],
    attention: ['pledges_overdue', 'pledges_due_this_week'],
  },
];

/** The staff console's frame: a top bar with Logout and a sidebar of the staff screens this person may use. */
export function StaffLayout() {
  const church = useChurchName();
  const user = useStaffUser().data;
  const logout = useLogout();
  const attention = useAttention().data;
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const currentSection = location.pathname === '/admin/dashboard' ? (params.get('section') ?? 'dashboard') : null;

  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) });

  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <NavLink to="/admin/dashboard" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          {church} <span className={styles.console}>Staff</span>
        </NavLink>
        <div className={styles.account}>
          <a href="/" target="_blank" rel="noopener noreferrer" className={styles.viewSite}>
            View site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {user && (
            <NavLink to={SECURITY_PATH} className={styles.user}>
              {user.username}
              <span className="visually-hidden">: your password and two-step sign-in</span>
            </NavLink>
          )}
          <button type="button" className={styles.logout} onClick={signOut} disabled={logout.isPending}>
            Logout
          </button>
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.sidebar} aria-label="Staff">
          <ul>
            {DASHBOARD_SECTIONS.filter((section) => mayUse(user?.roles, section.roles)).map((section) => (
              <li key={section.id}>
                <NavLink
                  to={dashboardSectionPath(section.id)}
                  className={() => linkClass(currentSection === section.id)}
                  aria-current={currentSection === section.id ? 'page' : false}
                >
                  {section.label}
                  <AttentionBadges kinds={SECTION_ATTENTION[section.id] ?? []} counts={attention} />
                </NavLink>
              </li>
            ))}
          </ul>
          <ul>
            {PAGES.filter((page) => mayUse(user?.roles, page.roles)).map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} className={({ isActive }) => linkClass(isActive)}>
                  {page.label}
                  <AttentionBadges kinds={page.attention} counts={attention} />
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/qr-generator" target="_blank" rel="noopener noreferrer" className={styles.link}>
                QR Generator<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
          <button type="button" className={`${styles.link} ${styles.sidebarLogout}`} onClick={signOut}>
            Logout
          </button>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function linkClass(active: boolean) {
  return [styles.link, active && styles.active].filter(Boolean).join(' ');
}
