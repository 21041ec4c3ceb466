import type { CampaignRepository } from './campaign-repository.js';
import { campaignNow } from './campaign-answer.js';
import { CampaignLive } from './live.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import type { Logger } from 'pino';

/**
 * Progress is pushed at most this often per campaign (and worker process): a campaign of 20,000
 * messages must not mean 20,000 events, each counting the campaign's deliveries.
 */
const PROGRESS_EVERY_MS = 300;

/** Pushes a campaign's counts to the staff jobs room as its deliveries are sent, and once when it is finished. */
export class CampaignProgress {
  private readonly scheduled = new Map<number, NodeJS.Timeout>();
  private readonly lastPush = new Map<number, number>();
  /** One push at a time, so a campaign's last progress never arrives after its completion. */
  private pushing: Promise<void> = Promise.resolve();
  private readonly live: CampaignLive;

  constructor(
    private readonly campaigns: CampaignRepository,
    live: LivePublisher,
    private readonly log: Logger,
  ) {
    this.live = new CampaignLive(live);
  }

  /** A delivery's outcome is stored. The push waits out the interval and then reads the latest counts. */
  delivered(campaignId: number): void {
    if (this.scheduled.has(campaignId)) return;
    const wait = Math.max(0, (this.lastPush.get(campaignId) ?? 0) + PROGRESS_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      this.scheduled.delete(campaignId);
      this.lastPush.set(campaignId, Date.now());
      this.push(campaignId, 'progress');
    }, wait);
    // A worker that is stopping does not wait for a progress update.
    timer.unref();
    this.scheduled.set(campaignId, timer);
  }

  /** The delivery that finished the campaign: its final counts replace any progress still to come. */
  finished(campaignId: number): void {
    clearTimeout(this.scheduled.get(campaignId));
    this.scheduled.delete(campaignId);
    this.lastPush.delete(campaignId);
    this.push(campaignId, 'completed');
  }

  /** The engine paused the campaign itself: staff see it, with the reason, at once. */
  paused(campaignId: number): void {
    this.push(campaignId, 'paused');
  }

  private push(campaignId: number, stage: 'progress' | 'paused' | 'completed'): void {
    this.pushing = this.pushing.then(async () => {
      try {
        const campaign = await campaignNow(this.campaigns, campaignId);
        // A finished (or cancelled) campaign has its completion pushed instead.
        if (!campaign || (stage === 'progress' && campaign.status !== 'sending')) return;
        if (stage === 'paused' && campaign.status !== 'paused') return;
        if (stage === 'completed') this.live.campaignCompleted(campaign);
        else this.live.campaignProgress(campaign);
      } catch (error) {
        this.log.warn({ err: error, campaignId }, 'campaign progress not pushed');
      }
    });
  }
}
