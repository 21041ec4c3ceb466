import type { ChurchSettingsStore } from '../../platform/church-settings/store.js';
import { draftMessage, formatMoment, notYou, RECORD_DELETED, type Letters } from '../../platform/mail/letter.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { PrayerRepository } from './repository.js';
import type { PrayerUpdates } from './updates.js';

/**
 * A prayer request's mail. E-mail is not private enough for a request: the pastoral team's notice says only that
 * one arrived and links to the console; the sender's news says only how many prayed.
 */
export function prayerLetters(
  requests: PrayerRepository,
  settings: MailSettings,
  church: Pick<ChurchSettingsStore, 'latest'>,
  updates: Pick<PrayerUpdates, 'offUrl'>,
): Letters<'prayer-notification' | 'prayer-prayed-count'> {
  return {
    'prayer-notification': async (number) => {
      const request = await requests.byNumber(number);
      if (!request) return RECORD_DELETED;
      return draftMessage(settings, {
        to: { name: 'Pastoral team', address: church.latest.pastoral_email ?? settings.notifyAddress },
        subject: 'A new prayer request',
        blocks: [
          {
            paragraph: `A prayer request arrived on ${formatMoment(request.createdAt, settings.timeZone)}. Its words are kept in the console, not in e-mail.`,
          },
          { link: `${settings.publicUrl}/admin/prayer`, label: 'Read it in the console' },
        ],
      });
    },
    'prayer-prayed-count': async (number) => {
      const request = await requests.byNumber(number);
      if (!request?.email || !request.hearBack) return RECORD_DELETED;
      const count = await requests.prayedThisWeek(request.id);
      const people = count === 1 ? '1 person' : `${count} people`;
      const url = updates.offUrl(request.id);
      // The mail program's own unsubscribe button posts to the same link (RFC 8058) and stops this news.
      const mailto = `mailto:${settings.notifyAddress}?subject=${encodeURIComponent('Stop prayer request e-mails')}`;
      return draftMessage(settings, {
        to: { name: '', address: request.email },
        subject: `${people} prayed for your request this week`,
        blocks: [
          { paragraph: `${people} prayed for your request on our prayer wall this week.` },
          {
            paragraph: `You asked to hear this when you sent your request. We write at most once a day, only when someone has prayed, until the request leaves the wall.`,
          },
          { link: url, label: 'Stop these e-mails' },
          { paragraph: notYou(settings) },
        ],
        unsubscribe: { url, mailto },
        notMailingList: true,
      });
    },
  };
}
