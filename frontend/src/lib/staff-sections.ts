/** The dashboard's sections, switched in place (`/admin/dashboard?section=events`). */
export const DASHBOARD_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'homepage', label: 'Homepage' },
  { id: 'services', label: 'Services' },
  { id: 'events', label: 'Events' },
  { id: 'media', label: 'Media' },
  { id: 'sermons', label: 'Sermons' },
  { id: 'qna', label: 'Q&A Sessions' },
  { id: 'photo-collections', label: 'Photo Collections' },
  { id: 'gatherings', label: 'Gatherings' },
  { id: 'emails', label: 'Send Emails' },
  { id: 'people', label: 'People' },
  { id: 'staff-accounts', label: 'Staff Accounts' },
  { id: 'activity', label: 'Activity' },
] as const;

export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number]['id'];

export function dashboardSectionPath(section: DashboardSectionId): string {
  return section === 'dashboard' ? '/admin/dashboard' : `/admin/dashboard?section=${section}`;
}

export function isDashboardSection(value: string | null): value is DashboardSectionId {
  return DASHBOARD_SECTIONS.some((section) => section.id === value);
}

/** Where a staff member signed in with a one-time password chooses their own: the console shows nothing else until then. */
export const CHOOSE_PASSWORD_PATH = '/admin/choose-password';
