import type { Attention } from '@gather/contracts';
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

/** One place of the console: a dashboard section, a page of its own, or a public tool opened in a new tab. */
export interface StaffPlace {
  label: string;
  to: string;
  roles: SectionRoles;
  /** The attention counts its link carries as badges. */
  attention: readonly (keyof Attention)[];
  /** Set for the dashboard's sections, which share one address and differ by `?section=`. */
  section?: DashboardSectionId;
  /** Opened in a new tab: a public page, not part of the console. */
  newTab?: boolean;
}

export interface StaffGroup {
  /** Unnamed for the dashboard itself, which stands above the groups. */
  label?: string;
  places: StaffPlace[];
}

function section(id: DashboardSectionId, attention: (keyof Attention)[] = []): StaffPlace {
  const { label, roles } = DASHBOARD_SECTIONS.find((candidate) => candidate.id === id)!;
  return { label, to: dashboardSectionPath(id), roles, attention, section: id };
}

/**
 * The console's places grouped by what staff do, in the order of a week: Sunday's live work first, then the site's
 * content, the people and money, mail, and the running of the console. The sidebar, the phone's menu and the
 * command palette all read this list.
 */
export const STAFF_GROUPS: StaffGroup[] = [
  { places: [section('dashboard')] },
  {
    label: 'This Sunday',
    places: [
      section('qna', ['questions_waiting']),
      section('photo-collections', ['uploads_waiting']),
      section('gatherings'),
    ],
  },
  {
    label: 'Content',
    places: [
      section('homepage'),
      section('services'),
      section('events'),
      section('media'),
      section('sermons'),
      { label: 'QR Generator', to: '/qr-generator', roles: 'any-staff', attention: [], newTab: true },
    ],
  },
  {
    label: 'People and giving',
    places: [
      section('people'),
      { label: 'Prayer', to: '/admin/prayer', roles: ['pastoral'], attention: ['prayer_requests_waiting'] },
      { label: 'Contact Inbox', to: '/admin/contacts', roles: ['pastoral'], attention: ['unread_contacts'] },
      { label: 'Connect Cards', to: '/admin/connections', roles: ['pastoral'], attention: ['new_connect_cards'] },
      { label: 'Giving', to: '/admin/giving', roles: ['finance'], attention: ['new_giving'] },
      {
        label: 'Building Fund',
        to: '/admin/building-fund',
        roles: ['finance'],
        attention: ['pledges_overdue', 'pledges_due_this_week'],
      },
    ],
  },
  { label: 'Mail', places: [section('emails', ['campaigns_with_failures'])] },
  { label: 'Settings and staff', places: [section('settings'), section('staff-accounts'), section('activity')] },
];

/** The groups as this person sees them: only places they may use, and no group left empty. */
export function groupsFor(roles: readonly StaffRole[] | undefined): StaffGroup[] {
  return STAFF_GROUPS.map((group) => ({
    ...group,
    places: group.places.filter((place) => mayUse(roles, place.roles)),
  })).filter((group) => group.places.length > 0);
}
