import { liveRooms, type StaffPrayerRequest, type WallPrayer } from '@gather/contracts';
import type { AudienceClientEvents } from '@gather/contracts';
import type { LiveRoom, StaffRoom } from '../../platform/live/namespaces.js';
import type { LivePublisher } from '../../platform/live/publisher.js';

/**
 * A request's words reach staff only in this room, which only the pastoral team (and administrators) may join:
 * a `pastoral` request is never sent anywhere else.
 */
export const prayerStaffRoom: StaffRoom = { join: 'prayer:join', room: liveRooms.prayer, roles: ['pastoral'] };

/** The wall: anyone may follow what it shows, which is only what staff approved. */
export const prayerWallRoom: LiveRoom<AudienceClientEvents> = { join: 'prayer-wall:join', room: liveRooms.prayerWall };

/** Taps within this long reach the wall as one count per request: a busy wall is not a message per tap. */
const PRAYED_BATCH_MS = 200;

/** Prayer requests' news once a change is committed: whole to the pastoral team, as the wall shows it to everyone. */
export class PrayerLive {
  /** Requests whose count is due to be read and pushed. */
  private readonly countsDue = new Set<string>();

  constructor(
    private readonly live: LivePublisher,
    private readonly countOf: (id: string) => Promise<number>,
  ) {}

  created(request: StaffPrayerRequest): void {
    this.live.attentionChanged();
    this.live.send({ namespace: 'staff', room: liveRooms.prayer, event: 'prayer:created', payload: request });
  }

  updated(request: StaffPrayerRequest): void {
    this.live.attentionChanged();
    this.live.send({ namespace: 'staff', room: liveRooms.prayer, event: 'prayer:updated', payload: request });
  }

  shown(request: WallPrayer): void {
    this.live.send({ namespace: 'audience', room: liveRooms.prayerWall, event: 'prayer:shown', payload: request });
  }

  hidden(id: string): void {
    this.live.send({ namespace: 'audience', room: liveRooms.prayerWall, event: 'prayer:hidden', payload: { id } });
  }

  /**
   * Someone prayed: the count is read after the taps of a moment have committed, so every wall (and every API
   * process's push) ends on the same number, however the taps crossed.
   */
  prayed(id: string): void {
    if (this.countsDue.has(id)) return;
    this.countsDue.add(id);
    setTimeout(() => {
      this.countsDue.delete(id);
      this.countOf(id).then(
        (count) =>
          this.live.send({
            namespace: 'audience',
            room: liveRooms.prayerWall,
            event: 'prayer:prayed',
            payload: { id, prayed_count: count },
          }),
        () => undefined,
      );
    }, PRAYED_BATCH_MS).unref();
  }
}
