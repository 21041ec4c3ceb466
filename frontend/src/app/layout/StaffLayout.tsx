import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout, useSessionEndNoticed, useStaffUser } from '../../features/auth/api';
import { SECURITY_PATH } from '../../features/auth/paths';
import { LOGIN_PATH } from '../../features/auth/RequireStaff';
import { useAttention } from '../../features/attention/api';
import { useChurchName } from '../../lib/site';
import { CommandPalette, usePaletteShortcut } from './CommandPalette';
import { groupsFor } from '../../lib/staff-sections';
import { StaffNav } from './StaffNav';

import styles from './StaffLayout.module.css';

/**
 * The staff console's frame: a top bar with the palette, the account and Logout, and a sidebar of the staff screens
 * this person may use, grouped by what they are for. On a phone the sidebar is a menu opened from the top bar.
 */
export function StaffLayout() {
  const church = useChurchName();
  const user = useStaffUser().data;
  const logout = useLogout();
  useSessionEndNoticed();
  const attention = useAttention().data;
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Each opening of the palette is counted (0: closed). A dialog's close event comes a moment after it is hidden: an
  // opening meanwhile (Esc then Ctrl+K at once) is a new palette, which the earlier one's close leaves open.
  const [palette, setPalette] = useState(0);
  const openPalette = useCallback(() => setPalette((opened) => opened + 1), []);
  usePaletteShortcut(openPalette);
  const groups = groupsFor(user?.roles);

  // Choosing a place closes the phone's menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) });

  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="staff-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <NavLink to="/admin/dashboard" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.churchName}>{church}</span> <span className={styles.console}>Staff</span>
        </NavLink>
        <div className={styles.account}>
          <button type="button" className={styles.find} onClick={openPalette} aria-keyshortcuts="Control+K Meta+K">
            Go to…<kbd className={styles.shortcut}>Ctrl K</kbd>
          </button>
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
        <nav
          id="staff-nav"
          className={`${styles.sidebar} ${menuOpen ? styles.open : ''}`}
          aria-label="Staff"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          <StaffNav groups={groups} attention={attention} />
          <button type="button" className={`${styles.link} ${styles.sidebarLogout}`} onClick={signOut}>
            Logout
          </button>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      {palette > 0 && (
        <CommandPalette
          key={palette}
          groups={groups}
          onClose={() => setPalette((opened) => (opened === palette ? 0 : opened))}
        />
      )}
    </div>
  );
}
