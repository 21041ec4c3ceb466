import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isDashboardSection, mayUse, sectionRoles, type DashboardSectionId } from '../lib/staff-sections';
import { NoAccess } from '../components/NoAccess';
import { useStaffUser } from '../features/auth/api';
import { LoadingState } from '../components/States';

/** Each section is its own chunk: opening the dashboard loads only the section on screen. */
const SECTIONS: Record<DashboardSectionId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./DashboardOverview').then((m) => ({ default: m.DashboardOverview }))),
  homepage: lazy(() =>
    import('../features/homepage/staff/HomepageSection').then((m) => ({ default: m.HomepageSection })),
  ),
  services: lazy(() =>
    import('../features/services/staff/ServicesSection').then((m) => ({ default: m.ServicesSection })),
  ),
  events: lazy(() => import('../features/events/staff/EventsSection').then((m) => ({ default: m.EventsSection }))),
  media: lazy(() => import('../features/albums/staff/AlbumsSection').then((m) => ({ default: m.AlbumsSection }))),
  sermons: lazy(() => import('../features/sermons/staff/SermonsSection').then((m) => ({ default: m.SermonsSection }))),
  qna: lazy(() =>
    import('../features/qna/sessions/QnaSessionsSection').then((m) => ({ default: m.QnaSessionsSection })),
  ),
  'photo-collections': lazy(() =>
    import('../features/collections/staff/CollectionsSection').then((m) => ({ default: m.CollectionsSection })),
  ),
  gatherings: lazy(() =>
    import('../features/gatherings/staff/GatheringsSection').then((m) => ({ default: m.GatheringsSection })),
  ),
  emails: lazy(() => import('../features/newsletters/staff/EmailsSection').then((m) => ({ default: m.EmailsSection }))),
  people: lazy(() => import('../features/people/PeopleSection').then((m) => ({ default: m.PeopleSection }))),
  'staff-accounts': lazy(() =>
    import('../features/staff-accounts/StaffAccountsSection').then((m) => ({ default: m.StaffAccountsSection })),
  ),
  activity: lazy(() => import('../features/activity/ActivitySection').then((m) => ({ default: m.ActivitySection }))),
  settings: lazy(() => import('../features/settings/SettingsSection').then((m) => ({ default: m.SettingsSection }))),
};

/** The dashboard switches sections in place; the section is in the address so Back and links work. */
export function DashboardPage() {
  const [params] = useSearchParams();
  const requested = params.get('section');
  const section = isDashboardSection(requested) ? requested : 'dashboard';
  const roles = useStaffUser().data?.roles;
  if (!mayUse(roles, sectionRoles(section))) return <NoAccess />;
  const Section = SECTIONS[section];
  return (
    <Suspense fallback={<LoadingState />}>
      <Section />
    </Suspense>
  );
}
