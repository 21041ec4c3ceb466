/**
 * The demo church's details, as a fresh install shows them: the first-run checklist asks for real ones, and in
 * production the demo bank details are not shown beside a real one.
 */
export const DEMO_CHURCH = {
  name: 'Gather Church',
  address: '12 Holloway Road, London N7 8JL',
  phone: '020 7946 0321',
  bankAccountName: 'Gather Church',
  bankName: 'Barclays Bank',
  sortCode: '20-00-00',
  accountNumber: '12345678',
} as const;

/** The footer's service times until Settings saves the church's own. */
export const DEMO_SERVICE_TIMES = [
  'Sunday 10:00 AM: Main Service',
  'Monday 7:00 PM: Grow in the Word',
  'Wednesday 7:00 PM: Prayer Meeting',
  'Friday 7:00 PM: Youth Meeting',
];
