import { NavLink, useLocation, useSearchParams } from 'react-router-dom';
import type { Attention } from '@gather/contracts';
import { AttentionBadges } from '../../features/attention/AttentionBadges';
import type { StaffGroup, StaffPlace } from '../../lib/staff-sections';
import styles from './StaffLayout.module.css';

/** The sidebar's links, in their groups, each with the counts of what waits behind it. */
export function StaffNav({ groups, attention }: { groups: StaffGroup[]; attention: Attention | undefined }) {
  return (
    <>
      {groups.map((group, index) => (
        <div key={group.label ?? index} className={styles.group}>
          {group.label && (
            <span id={`staff-group-${index}`} className={styles.groupLabel}>
              {group.label}
            </span>
          )}
          <ul aria-labelledby={group.label ? `staff-group-${index}` : undefined}>
            {group.places.map((place) => (
              <li key={place.to}>
                <PlaceLink place={place} attention={attention} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function PlaceLink({ place, attention }: { place: StaffPlace; attention: Attention | undefined }) {
  const location = useLocation();
  const [params] = useSearchParams();
  if (place.newTab) {
    return (
      <a href={place.to} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {place.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  // The dashboard's sections share one address: the one on screen is the `?section=` asked for.
  const current = place.section
    ? location.pathname === '/admin/dashboard' && (params.get('section') ?? 'dashboard') === place.section
    : undefined;
  return (
    <NavLink
      to={place.to}
      end={place.section !== undefined}
      className={({ isActive }) => linkClass(current ?? isActive)}
      aria-current={current === undefined ? undefined : current ? 'page' : false}
    >
      {place.label}
      <AttentionBadges kinds={place.attention} counts={attention} />
    </NavLink>
  );
}

function linkClass(active: boolean) {
  return [styles.link, active && styles.active].filter(Boolean).join(' ');
}
