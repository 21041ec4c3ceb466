import { PRAYER_ARCHIVE_DAYS, type ChurchSettings } from '@gather/contracts';
import type { Config } from '../config.js';
import { DEMO_SERVICE_TIMES } from './demo-church.js';

/** The settings file's values: what a church has before anyone saves Settings. */
export function settingsFromConfig(config: Config): ChurchSettings {
  const domain = config.CHURCH_EMAIL_DOMAIN;
  const notify = config.CHURCH_NOTIFY_EMAIL ?? `office@${domain}`;
  const contact = config.CHURCH_CONTACT_EMAIL ?? notify;
  return {
    church_name: config.CHURCH_NAME,
    church_address: config.CHURCH_ADDRESS,
    map_latitude: null,
    map_longitude: null,
    church_phone: config.CHURCH_PHONE,
    church_contact_email: contact,
    time_zone: config.CHURCH_TIMEZONE,
    service_times: DEMO_SERVICE_TIMES,
    live_stream_url: config.LIVE_STREAM_URL,
    online_giving_url: config.ONLINE_GIVING_URL,
    bank_account_name: config.BANK_ACCOUNT_NAME,
    bank_name: config.BANK_NAME,
    bank_sort_code: config.BANK_SORT_CODE,
    bank_account_number: config.BANK_ACCOUNT_NUMBER,
    facebook_url: config.FACEBOOK_URL ?? null,
    instagram_url: config.INSTAGRAM_URL ?? null,
    youtube_url: config.YOUTUBE_URL ?? null,
    email_from_name: config.EMAIL_FROM_NAME ?? config.CHURCH_NAME,
    email_from_address: config.EMAIL_FROM_ADDRESS ?? `no-reply@${domain}`,
    church_notify_email: notify,
    podcast_owner_email: config.PODCAST_OWNER_EMAIL ?? contact,
    pastoral_email: null,
    prayer_archive_days: PRAYER_ARCHIVE_DAYS.default,
  };
}
