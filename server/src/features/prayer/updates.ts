import type { PrayerUpdatesOffQuery } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { LinkAnswer } from '../../platform/http/link-page.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { LinkSigner } from '../../platform/signed-links.js';
import type { PrayerRepository } from './repository.js';

/** The link in a sender's news of how many prayed: it stops that news. */
export const UPDATES_OFF_PATH = '/api/prayer-requests/updates/off/';

/** Signed for the request alone, and for this purpose alone: no other link of the site stands in for it. */
export class PrayerUpdates {
  constructor(
    private readonly signer: LinkSigner,
    private readonly settings: Pick<MailSettings, 'publicUrl'>,
    private readonly requests: Pick<PrayerRepository, 'stopNews'>,
  ) {}

  offUrl(id: string): string {
    const query = new URLSearchParams({ request: id, token: this.signer.sign(`prayer-updates:${id}`) });
    return `${this.settings.publicUrl}${UPDATES_OFF_PATH}?${query.toString()}`;
  }

  /** Opening the link only asks: mail scanners open every link, and what they open must change nothing. */
  ask(query: PrayerUpdatesOffQuery): LinkAnswer {
    this.check(query);
    return {
      title: 'Stop these e-mails',
      message: 'Would you like us to stop telling you how many people prayed for your request?',
      button: 'Stop these e-mails',
    };
  }

  async stop(query: PrayerUpdatesOffQuery): Promise<LinkAnswer> {
    this.check(query);
    await this.requests.stopNews(query.request);
    return {
      title: 'E-mails stopped',
      message: 'You will get no more e-mails about your prayer request. We keep praying with you.',
    };
  }

  private check(query: PrayerUpdatesOffQuery): void {
    if (!this.signer.verify(`prayer-updates:${query.request}`, query.token)) {
      throw AppError.badRequest('This link is not valid. Please use the link from the e-mail itself.');
    }
  }
}
