import type { DashboardStats } from '@gather/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardSectionPath, mayUse, sectionRoles, type DashboardSectionId } from '../../lib/staff-sections';
import type { StaffRole } from '@gather/contracts';
import { ButtonLink } from '../../components/Button';
import { Alert } from '../../components/States';
import { useDashboardStats } from './api';
import { SiteHealthLine } from './SiteHealthLine';
import styles from './OverviewSection.module.css';
import { SectionHeader } from '../../components/StaffSection';
import { FirstRunChecklist } from './FirstRunChecklist';
import { TodaysArrivals } from './TodaysArrivals';

const COUNTS: { key: keyof DashboardStats; label: string; section: DashboardSectionId; tone: string }[] = [
  { key: 'services', label: 'Services', section: 'services', tone: styles.indigo! },
  { key: 'events', label: 'Events', section: 'events', tone: styles.coral! },
  { key: 'albums', label: 'Albums', section: 'media', tone: styles.teal! },
  { key: 'qnaSessions', label: 'Active Q&A Sessions', section: 'qna', tone: styles.purple! },
  { key: 'photoCollections', label: 'Photo Collections', section: 'photo-collections', tone: styles.orange! },
];

/**
 * The dashboard's first screen: the site's health, a new church's first-run checklist, what needs attention
 * (`needsAttention`, the attention feature's widget, which app/ puts in), the counts and the quick actions.
 */
export function OverviewSection({ needsAttention, roles }: { needsAttention: ReactNode; roles: readonly StaffRole[] }) {
  const stats = useDashboardStats();
  const may = (section: DashboardSectionId) => mayUse(roles, sectionRoles(section));
  return (
    <>
      <SectionHeader title="Dashboard" description="Everything on the website at a glance." />
      <SiteHealthLine />
      <FirstRunChecklist administrator={roles.includes('administrator')} />
      {needsAttention}
      {may('events') && <TodaysArrivals />}
      {stats.isError && <Alert>We couldn't load the counts. Please reload the page.</Alert>}
      <ul className={styles.counts} aria-busy={stats.isPending}>
        {COUNTS.filter(({ section }) => may(section)).map(({ key, label, section, tone }) => (
          <li key={key}>
            <Link to={dashboardSectionPath(section)} className={`${styles.count} ${tone}`}>
              <span className={styles.number}>{stats.data ? stats.data[key] : '–'}</span>
              <span className={styles.label}>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className={styles.subheading}>Quick actions</h2>
      <div className={styles.actions}>
        {may('homepage') && (
          <ButtonLink to={dashboardSectionPath('homepage')} variant="secondary">
            Edit Homepage
          </ButtonLink>
        )}
        {may('events') && (
          <ButtonLink to={`${dashboardSectionPath('events')}&new=1`} variant="secondary">
            Create Event
          </ButtonLink>
        )}
        <ButtonLink to="/qr-generator" variant="secondary">
          QR Code Generator
        </ButtonLink>
      </div>
    </>
  );
}
