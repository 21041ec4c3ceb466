import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@gather/contracts';
import { api } from './api';
import { queryKeys } from './query-keys';
import type { PageDataNeed } from './page-data';

/** Shown until the settings arrive, so the first paint already carries the name. */
export const DEFAULT_CHURCH_NAME = 'Gather Church';

/** The church's name, address, phone, bank details and links, from the server's settings. */
export function useSiteSettings() {
  return useQuery({
    queryKey: queryKeys.site(),
    queryFn: () => api.get<SiteSettings>('/api/site/'),
    staleTime: Infinity,
  });
}

export function useChurchName(): string {
  return useSiteSettings().data?.church_name ?? DEFAULT_CHURCH_NAME;
}

/** The church's pages on Facebook, Instagram and YouTube, those the settings name, in that order. */
export function socialLinks(site: SiteSettings | undefined): { label: string; href: string }[] {
  return Object.entries({
    Facebook: site?.social.facebook,
    Instagram: site?.social.instagram,
    YouTube: site?.social.youtube,
  }).flatMap(([label, href]) => (href ? [{ label, href }] : []));
}

/** The settings every page's header and footer show, as a route declares them (`handle.data`). */
export const siteData: PageDataNeed = { queryKey: queryKeys.site(), path: '/api/site/' };
