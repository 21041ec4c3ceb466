import type { ChurchSettings } from '@gather/contracts';

/** Settings a church would really save: every field, in the church's own domain. */
export const stExample: ChurchSettings = {
  church_name: 'St Example Parish Church',
  church_address: '1 Church Lane, Exampleton EX1 2AB',
  map_latitude: 51.5,
  map_longitude: -0.12,
  church_phone: '01234 999000',
  church_contact_email: 'hello@stexample.org',
  time_zone: 'Europe/London',
  service_times: ['Sunday 9:30 AM: Family Service'],
  live_stream_url: 'https://meet.example.org/stexample',
  online_giving_url: 'https://give.example.org/stexample',
  bank_account_name: 'PCC of St Example',
  bank_name: 'Lloyds Bank',
  bank_sort_code: '30-99-50',
  bank_account_number: '87654321',
  facebook_url: 'https://facebook.com/stexample',
  instagram_url: null,
  youtube_url: null,
  email_from_name: 'St Example Office',
  email_from_address: 'news@stexample.org',
  church_notify_email: 'office@stexample.org',
  podcast_owner_email: 'media@stexample.org',
  pastoral_email: 'pastoral@stexample.org',
  prayer_archive_days: 60,
};
