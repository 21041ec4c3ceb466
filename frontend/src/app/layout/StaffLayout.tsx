import { NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogout, useStaffUser } from '../../features/auth/api';
import { LOGIN_PATH } from '../../features/auth/RequireStaff';
import { useAttention, type AttentionKind } from '../../features/attention/api';
import { useChurchName } from '../../lib/site';
import { AttentionBadges } from '../../features/attention/AttentionBadges';
import { DASHBOARD_SECTIONS, dashboardSectionPath, type DashboardSectionId } from '../../lib/staff-sections';
import styles from './StaffLayout.module.css';

/** Which of the attention counts each sidebar link carries as badges. */
const SECTION_ATTENTION: Partial<Record<DashboardSectionId, AttentionKind[]>> = {
  qna: ['questions_waiting'],
  'photo-collections': ['uploads_waiting'],
  emails: ['campaigns_with_failures'],
};

/** The staff console's frame: a top bar with Logout and a sidebar of every staff screen. */
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
          {user && <span className={styles.user}>{user.username}</span>}
          <button type="button" className={styles.logout} onClick={signOut} disabled={logout.isPending}>
            Logout
          </button>
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.sidebar} aria-label="Staff">
          <ul>
            {DASHBOARD_SECTIONS.map((section) => (
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
            <li>
              <NavLink to="/admin/contacts" className={({ isActive }) => linkClass(isActive)}>
                Contact Inbox
                <AttentionBadges kinds={['unread_contacts']} counts={attention} />
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/connections" className={({ isActive }) => linkClass(isActive)}>
                Connect Cards
                <AttentionBadges kinds={['new_connect_cards']} counts={attention} />
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/giving" className={({ isActive }) => linkClass(isActive)}>
                Giving
                <AttentionBadges kinds={['new_giving']} counts={attention} />
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/building-fund" className={({ isActive }) => linkClass(isActive)}>
                Building Fund
                <AttentionBadges kinds={['pledges_overdue', 'pledges_due_this_week']} counts={attention} />
              </NavLink>
            </li>
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
