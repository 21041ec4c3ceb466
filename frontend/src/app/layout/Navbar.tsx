import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useChurchName, useSiteSettings } from '../../lib/site';
import { useScrolledPast } from './useScrolledPast';
import styles from './Navbar.module.css';

export const NAVBAR_SCROLL_OFFSET = 50;

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/events', label: 'Events' },
  { to: '/media', label: 'Media' },
  { to: '/connect', label: 'Connect' },
  { to: '/give', label: 'Give' },
  { to: '/prayer', label: 'Prayer' },
  { to: '/contact', label: 'Contact' },
] as const;

export function Navbar() {
  const scrolled = useScrolledPast(NAVBAR_SCROLL_OFFSET);
  const church = useChurchName();
  const liveUrl = useSiteSettings().data?.live_stream_url;
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className={[styles.navbar, scrolled && styles.scrolled].filter(Boolean).join(' ')} data-scrolled={scrolled}>
      <nav className={styles.inner} aria-label="Main">
        <Link to="/" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          {church}
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <div id="main-menu" className={[styles.menu, open && styles.menuOpen].filter(Boolean).join(' ')}>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) => [styles.link, isActive && styles.active].filter(Boolean).join(' ')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {liveUrl && (
            <a className={styles.live} href={liveUrl} target="_blank" rel="noopener noreferrer">
              <span className={styles.liveDot} aria-hidden="true" />
              Join Live
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </nav>
    </header>
  );
}
