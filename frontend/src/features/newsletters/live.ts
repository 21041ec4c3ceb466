import type { Campaign, CampaignDetail, Page } from '@gather/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyCampaignProgress, applyCampaignToPage } from '../../lib/live/cache';
import type { RoomMembership } from '../../lib/live/hooks';
import { useJobsRoom, type JobProgressOf } from '../../lib/live/jobs';
import { queryKeys } from '../../lib/query-keys';

/**
 * Follows the campaigns being sent, for staff: their detail (`queryKeys.campaigns.detail`) and list
 * rows (`.list`) follow the worker's progress.
 */
export function useCampaignsRoom(): RoomMembership {
  return useJobsRoom('campaign', applyCampaignEvent, CAMPAIGNS_COVERED);
}

const CAMPAIGNS_COVERED = [queryKeys.campaigns.all()];

/**
 * A campaign's detail as fetched, with any newer progress pushed while the request was under way:
 * an event that arrives before the detail has loaded has nothing to update, so it is cached aside
 * (`queryKeys.campaigns.pushed`) and applied here.
 */
export function withPushedProgress(queryClient: QueryClient, detail: CampaignDetail): CampaignDetail {
  const pushed = queryClient.getQueryData<Campaign>(queryKeys.campaigns.pushed(detail.id));
  return (pushed && applyCampaignProgress(detail, pushed)) ?? detail;
}

/** A campaign's counts go onto its detail and list rows. */
function applyCampaignEvent(queryClient: QueryClient, event: JobProgressOf<'campaign'>, completed: boolean): void {
  const { campaign } = event;
  const detail = queryKeys.campaigns.detail(campaign.id);
  const shown = [
    queryClient.getQueryData<CampaignDetail>(detail),
    ...queryClient
      .getQueriesData<Page<Campaign>>({ queryKey: queryKeys.campaigns.lists() })
      .flatMap(([, page]) => page?.results.filter((row) => row.id === campaign.id) ?? []),
  ];
  // A status other than the one shown (a scheduled campaign starting, a paused one resumed elsewhere) may be
  // news or may be stale; counts alone cannot tell, so the server is asked.
  const moved = shown.some((row) => row && row.status !== campaign.status);
  queryClient.setQueryData<Campaign>(queryKeys.campaigns.pushed(campaign.id), (cached) =>
    cached ? (applyCampaignProgress(cached, campaign) ?? cached) : campaign,
  );
  queryClient.setQueryData<CampaignDetail>(detail, (current) => applyCampaignProgress(current, campaign));
  queryClient.setQueriesData<Page<Campaign>>({ queryKey: queryKeys.campaigns.lists() }, (page) =>
    applyCampaignToPage(page, campaign),
  );
  if (completed || moved) {
    // Which deliveries failed, and where a finished campaign sits in the lists, only a refetch tells.
    void queryClient.invalidateQueries({ queryKey: detail });
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() });
  }
}
