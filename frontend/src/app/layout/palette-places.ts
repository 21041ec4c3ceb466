import { STAFF_SEARCH_MAX_LENGTH, STAFF_SEARCH_MIN_LENGTH, type StaffSearchAnswer } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/debounce';
import { formatDate, formatMoney } from '../../lib/format';
import type { StaffGroup } from '../../lib/staff-sections';

/** One choice in the palette: where Enter goes. */
export interface PaletteChoice {
  key: string;
  kind: string;
  label: string;
  detail?: string;
  to: string;
  newTab?: boolean;
}

/** The console's places whose name, or whose group's name, holds what was typed; all of them before any typing. */
export function placeChoices(groups: StaffGroup[], typed: string): PaletteChoice[] {
  const text = typed.trim().toLowerCase();
  return groups.flatMap((group) =>
    group.places
      .filter((place) => !text || `${place.label} ${group.label ?? ''}`.toLowerCase().includes(text))
      .map((place) => ({
        key: `place ${place.to}`,
        kind: group.label ?? 'Console',
        label: place.label,
        to: place.to,
        newTab: place.newTab,
      })),
  );
}

/** Where each kind the server finds opens: the page that shows it, told which one by its address. */
export function foundChoices(found: StaffSearchAnswer | undefined): PaletteChoice[] {
  if (!found) return [];
  const dashboard = (section: string, extra: Record<string, string> = {}) =>
    `/admin/dashboard?${new URLSearchParams({ section, ...extra })}`;
  return [
    ...found.people.map((person) => ({
      key: `person ${person.email}`,
      kind: 'Person',
      label: person.name,
      detail: person.email,
      to: dashboard('people', { email: person.email }),
    })),
    ...found.events.map((event) => ({
      key: `event ${event.id}`,
      kind: 'Event',
      label: event.title,
      detail: formatDate(event.date),
      to: dashboard('events', { edit: String(event.id) }),
    })),
    ...found.campaigns.map((campaign) => ({
      key: `campaign ${campaign.id}`,
      kind: 'E-mail',
      label: campaign.subject,
      detail: campaign.status.replaceAll('_', ' '),
      to: campaign.status === 'draft' ? dashboard('emails', { draft: String(campaign.id) }) : dashboard('emails'),
    })),
    ...found.pledges.map((pledge) => {
      const [amount = '0', currency = 'GBP'] = pledge.total.split(' ');
      return {
        key: `pledge ${pledge.id}`,
        kind: 'Pledge',
        label: pledge.name,
        detail: `${formatMoney(amount, currency)} · ${pledge.email}`,
        to: `/admin/building-fund?${new URLSearchParams({ tab: 'pledges', search: pledge.email })}`,
      };
    }),
  ];
}

/** What the server finds for the text, once typing pauses and there is enough of it. */
export function useStaffSearch(typed: string) {
  const text = useDebouncedValue(typed.trim(), 200);
  const enough = text.length >= STAFF_SEARCH_MIN_LENGTH && text.length <= STAFF_SEARCH_MAX_LENGTH;
  return useQuery({
    queryKey: ['staff-search', text],
    queryFn: () => api.get<StaffSearchAnswer>('/api/admin/search/', { q: text }),
    enabled: enough,
    staleTime: 10_000,
  });
}
