import type { AttentionKind } from '../../features/attention/api';
import {
  DASHBOARD_SECTIONS,
  dashboardSectionPath,
  mayUse,
  type DashboardSectionId,
  type SectionRoles,
} from '../../lib/staff-sections';
import type { StaffRole } from '@gather/contracts/staff-roles';

/** One place of the console: a dashboard section, a page of its own, or a public tool opened in a new tab. */
export interface StaffPlace {
  label: string;
  to: string;
  roles: SectionRoles;
  /** The attention counts its link carries as badges. */
  attention: readonly AttentionKind[];
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

const sectionLabels = Object.fromEntries(DASHBOARD_SECTIONS.map((section) => [section.id, section.label]));
const sectionRoles = Object.fromEntries(DASHBOARD_SECTIONS.map((section) => [section.id, section.roles]));

function section(id: DashboardSectionId, attention: AttentionKind[] = []): StaffPlace {
  return {
    label: sectionLabels[id]!,
    to: dashboardSectionPath(id),
    roles: sectionRoles[id]!,
    attention,
    section: id,
  };
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
  { label: 'Settings and staff', places: [section('staff-accounts'), section('activity')] },
];

/** The groups as this person sees them: only places they may use, and no group left empty. */
export function groupsFor(roles: readonly StaffRole[] | undefined): StaffGroup[] {
  return STAFF_GROUPS.map((group) => ({
    ...group,
    places: group.places.filter((place) => mayUse(roles, place.roles)),
  })).filter((group) => group.places.length > 0);
}
