import type { Campaign, CampaignDetail, Page } from '@gather/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyCampaignProgress, applyCampaignToPage } from '../../lib/live/cache';
import type { RoomMembership } from '../../lib/live/hooks';
import { useJobsRoom, type JobProgressOf } from '../../lib/live/jobs';
import { applyPushed } from '../../lib/live/pushed';
import { queryKeys } from '../../lib/query-keys';

/**
 * Follows the campaigns being sent, for staff: their detail (`queryKeys.campaigns.detail`) and list
 * rows (`.list`) follow the worker's progress.
 */
export function useCampaignsRoom(): RoomMembership {
  return useJobsRoom('campaign', applyCampaignEvent, CAMPAIGNS_COVERED);
}

const CAMPAIGNS_COVERED = [queryKeys.campaigns.all()];

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
  applyPushed<CampaignDetail>(queryClient, detail, (current) => applyCampaignProgress(current, campaign));
  queryClient.setQueriesData<Page<Campaign>>({ queryKey: queryKeys.campaigns.lists() }, (page) =>
    applyCampaignToPage(page, campaign),
  );
  if (completed || moved) {
    // Which deliveries failed, and where a finished campaign sits in the lists, only a refetch tells.
    void queryClient.invalidateQueries({ queryKey: detail });
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() });
  }
}
