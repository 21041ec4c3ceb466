import { liveRooms, type Campaign } from '@gather/contracts';
import type { LivePublisher } from '../../platform/live/publisher.js';

/** A campaign's progress, to the staff jobs room: from the worker as it sends, and from staff's own actions. */
export class CampaignLive {
  constructor(private readonly live: LivePublisher) {}

  campaignProgress(campaign: Campaign): void {
    // The engine pauses a failing campaign mid-run: that is news for the dashboard, the other progress is not.
    if (campaign.status === 'paused') this.live.attentionChanged();
    const payload = { kind: 'campaign' as const, campaign };
    this.live.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:progress', payload });
  }

  /** Finished sending, or cancelled. */
  campaignCompleted(campaign: Campaign): void {
    this.live.attentionChanged();
    const payload = { kind: 'campaign' as const, campaign };
    this.live.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:completed', payload });
  }
}
