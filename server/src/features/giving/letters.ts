import {
  draftMessage,
  formatMoment,
  notYou,
  officeOf,
  RECORD_DELETED,
  type Letters,
} from '../../platform/mail/letter.js';
import { bankDetails } from '../../platform/mail/bank-details.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { GivingRepository } from './repository.js';

const GIFT_TYPES: Record<string, string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  missions: 'Missions',
  building: 'Building fund',
  special: 'Special gift',
  other: 'Other',
};

/** The giver's receipt (the church's own words only) and the office's copy of the notice. */
export function givingLetters(
  notices: GivingRepository,
  settings: MailSettings,
): Letters<'giving-receipt' | 'giving-notification'> {
  const giftType = (type: string) => GIFT_TYPES[type] ?? type;
  return {
    'giving-receipt': async (id) => {
      const giving = await notices.find(id);
      if (!giving) return RECORD_DELETED;
      return draftMessage(settings, {
        to: { name: '', address: giving.email },
        subject: `Thank you for your gift to ${settings.churchName}`,
        blocks: [
          { paragraph: `Thank you for your generous gift! This is your receipt for the gift you told us about.` },
          {
            details: [
              ['Gift', giftType(giving.givingType)],
              ['Received', formatMoment(giving.createdAt, settings.timeZone)],
            ],
          },
          { paragraph: 'To give by bank transfer another time:' },
          { details: bankDetails(settings) },
          { paragraph: notYou(settings) },
          { paragraph: `With thanks,\n${settings.churchName}` },
        ],
      });
    },
    'giving-notification': async (id) => {
      const giving = await notices.find(id);
      if (!giving) return RECORD_DELETED;
      return draftMessage(settings, {
        to: officeOf(settings),
        replyTo: { name: giving.name, address: giving.email },
        subject: `Giving form: ${giving.name}`,
        blocks: [
          { paragraph: `${giving.name} told us about a gift. Reply to this e-mail to answer them.` },
          {
            details: [
              ['Name', giving.name],
              ['Email', giving.email],
              ...(giving.phone ? [['Phone', giving.phone] as [string, string]] : []),
              ['Gift', giftType(giving.givingType)],
              ['Sent', formatMoment(giving.createdAt, settings.timeZone)],
            ],
          },
          ...(giving.message ? [{ quote: giving.message }] : []),
        ],
      });
    },
  };
}
