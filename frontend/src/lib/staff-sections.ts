import { holdsRole, type StaffRole } from '@gather/contracts/staff-roles';

/** The dashboard's sections, switched in place (`/admin/dashboard?section=events`). */
export const DASHBOARD_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', roles: 'any-staff' },
  { id: 'homepage', label: 'Homepage', roles: ['content'] },
  { id: 'services', label: 'Services', roles: ['content'] },
  { id: 'events', label: 'Events', roles: ['content'] },
  { id: 'media', label: 'Media', roles: ['content'] },
  { id: 'sermons', label: 'Sermons', roles: ['content'] },
  { id: 'qna', label: 'Q&A Sessions', roles: ['live'] },
  { id: 'photo-collections', label: 'Photo Collections', roles: ['live'] },
  { id: 'gatherings', label: 'Gatherings', roles: ['live'] },
  { id: 'emails', label: 'Send Emails', roles: ['mail'] },
  { id: 'people', label: 'People', roles: ['finance'] },
  { id: 'staff-accounts', label: 'Staff Accounts', roles: ['administrator'] },
  { id: 'activity', label: 'Activity', roles: ['administrator'] },
  { id: 'settings', label: 'Settings', roles: ['administrator'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; roles: SectionRoles }>;

/** Who may use a section or page of the console: the same roles its server calls declare. */
export type SectionRoles = readonly StaffRole[] | 'any-staff';

/** Whether someone holding `held` may use what needs `needed`; the server refuses the calls anyway. */
export function mayUse(held: readonly StaffRole[] | undefined, needed: SectionRoles | undefined): boolean {
  return needed === undefined || needed === 'any-staff' || holdsRole(held ?? [], needed);
}

export function sectionRoles(section: DashboardSectionId): SectionRoles {
  return DASHBOARD_SECTIONS.find((candidate) => candidate.id === section)!.roles;
}

export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number]['id'];

export function dashboardSectionPath(section: DashboardSectionId): string {
  return section === 'dashboard' ? '/admin/dashboard' : `/admin/dashboard?section=${section}`;
}

export function isDashboardSection(value: string | null): value is DashboardSectionId {
  return DASHBOARD_SECTIONS.some((section) => section.id === value);
}

/** A console page's `handle`: the roles it needs, checked before it draws (see RequireStaff). */
export interface StaffPageHandle {
  title: string;
  description: string;
  roles: SectionRoles;
}

/** Where a staff member signed in with a one-time password chooses their own: the console shows nothing else until then. */
export const CHOOSE_PASSWORD_PATH = '/admin/choose-password';
