import type {
  StaffPledge,
  AudienceQuestion,
  Campaign,
  CollectionExport,
  PublicQuestion,
  PublicSession,
  StaffCollectionUpload,
  StaffQuestion,
  PublicPoll,
  StaffPoll,
} from '@gather/contracts';
import type { ShownQuestion } from '../lib/live/cache';

export const SESSION = '6f1c1c3e-2f5a-4d5e-9a4b-1f2e3d4c5b6a';
export const OTHER_SESSION = '0b7e4a2c-8d3f-4e1a-b5c6-7d8e9f0a1b2c';
export const COLLECTION = '3a9d5e7f-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
export const EXPORT = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

/** The Q&A session the questions belong to, open, as visitors see it. */
export const PUBLIC_SESSION: PublicSession = {
  id: SESSION,
  title: 'Sunday Q&A',
  description: 'Ask us anything',
  type: 'live',
  is_active: true,
  max_questions: 100,
};

/** A question as staff see it. */
export function question(id: number, minute: number, changes: Partial<StaffQuestion> = {}): StaffQuestion {
  const at = new Date(Date.UTC(2025, 5, 1, 10, minute)).toISOString();
  return {
    id,
    text: `Question ${id}`,
    category: 'general',
    name: 'Anonymous',
    status: 'new',
    created_at: at,
    timestamp: at,
    votes: 0,
    flagged: false,
    ...changes,
  };
}

/** A question as the public API answers one phone. */
export function publicQuestion(id: number, minute: number, changes: Partial<PublicQuestion> = {}): PublicQuestion {
  const { flagged: _flagged, ...shared } = question(id, minute);
  return { ...shared, voted: false, ...changes };
}

/** A question as it is pushed to the audience. */
export function pushedQuestion(id: number, minute: number, changes: Partial<AudienceQuestion> = {}): AudienceQuestion {
  const { flagged: _flagged, status: _status, ...shared } = question(id, minute);
  return { ...shared, answered: false, ...changes };
}

/** A question as the submit page caches it. */
export function shownQuestion(id: number, minute: number, changes: Partial<ShownQuestion> = {}): ShownQuestion {
  return { ...pushedQuestion(id, minute), voted: false, waiting: false, ...changes };
}

export function upload(
  id: number,
  minute: number,
  changes: Partial<StaffCollectionUpload> = {},
): StaffCollectionUpload {
  return {
    id,
    file: null,
    file_type: 'image',
    mime_type: 'image/jpeg',
    original_filename: `photo-${id}.jpg`,
    uploader_name: 'Anonymous',
    uploaded_at: new Date(Date.UTC(2025, 5, 1, 10, minute)).toISOString(),
    file_size_mb: 1.5,
    status: 'processing',
    approval: 'approved',
    thumbnail: null,
    display: null,
    width: null,
    height: null,
    duration_seconds: null,
    poster: null,
    failure_reason: null,
    ...changes,
  };
}

export function zip(changes: Partial<CollectionExport> = {}): CollectionExport {
  return {
    id: EXPORT,
    status: 'running',
    progress: 0,
    file_count: null,
    size_bytes: null,
    failure_reason: null,
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: null,
    ...changes,
  };
}

export function campaign(changes: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    subject: 'Harvest supper',
    from_email: 'hello@gather.church',
    from_name: 'Gather Church',
    status: 'sending',
    total: 10,
    sent: 0,
    failed: 0,
    pending: 10,
    skipped: 0,
    cancelled: 0,
    created_by: 'pastor',
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: null,
    cancelled_at: null,
    kind: 'newsletter',
    scheduled_at: null,
    paused_reason: null,
    updated_at: '2025-06-01T10:00:00.000Z',
    ...changes,
  };
}

/** A pledge as staff see it: £500 promised, nothing received yet. */
export function staffPledge(id: number, firstName: string, changes: Partial<StaffPledge> = {}): StaffPledge {
  return {
    id,
    first_name: firstName,
    middle_name: '',
    last_name: 'Adebayo',
    full_name: `${firstName} Adebayo`,
    email: `${firstName.toLowerCase()}@example.org`,
    phone: '',
    total_pledge: '500.00',
    currency: 'GBP',
    payment_type: 'partial',
    payment_amount: '100.00',
    remaining_balance: '500.00',
    pay_by_date: '2030-06-30',
    payment_method: 'online',
    message: '',
    payment_status: 'pending',
    admin_notes: '',
    created_at: '2026-11-01T10:00:00.000Z',
    is_overdue: false,
    paid: '0.00',
    gift_count: 0,
    is_behind_schedule: false,
    reminders_enabled: true,
    ...changes,
  };
}

/** The poll of the component tests: an open choice poll of SESSION, as staff see it. */
export const POLL = '5d3c2b1a-0f9e-4d8c-b7a6-958473625140';

export function staffPoll(changes: Partial<StaffPoll> = {}): StaffPoll {
  return {
    id: POLL,
    session_id: SESSION,
    question: 'Which series next?',
    type: 'choice',
    options: ['Psalms', 'Acts', 'Ruth'],
    status: 'open',
    revealed: false,
    answer_count: 0,
    created_at: '2026-11-27T10:00:00.000Z',
    opened_at: '2026-11-27T10:01:00.000Z',
    closed_at: null,
    ...changes,
  };
}

/** The same poll as phones see it. */
export function publicPoll(changes: Partial<PublicPoll> = {}): PublicPoll {
  const { answer_count: _count, created_at: _created, opened_at: _opened, closed_at: _closed, ...shown } = staffPoll();
  return { ...shown, ...changes };
}
