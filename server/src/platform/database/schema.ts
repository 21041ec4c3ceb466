import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A series of sermons (e.g. a book of the Bible preached through), with artwork cleaned by the worker. */
export const sermonSeries = pgTable('sermon_series', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  artwork: text('artwork'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sermons = pgTable('sermons', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  speaker: text('speaker').notNull().default(''),
  date: date('date').notNull(),
  description: text('description').notNull().default(''),
  thumbnail: text('thumbnail'),
  videoUrl: text('video_url'),
  /** Deleting a series keeps its sermons, unlinked. */
  seriesId: integer('series_id').references(() => sermonSeries.id, { onDelete: 'set null' }),
  /** The recording, under the media folder, with what the podcast feed's enclosure states. */
  audioFile: text('audio_file'),
  audioMimeType: text('audio_mime_type'),
  audioSize: bigint('audio_size', { mode: 'number' }),
  audioDurationSeconds: numeric('audio_duration_seconds', { precision: 10, scale: 2 }),
  /** The podcast episode's GUID: made once, so podcast apps never see an edited sermon as a new episode. */
  podcastGuid: uuid('podcast_guid').notNull().defaultRandom(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    location: text('location').notNull(),
    venueAddress: text('venue_address'),
    eventType: text('event_type').notNull().default('special'),
    status: text('status').notNull().default('upcoming'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isSpecial: boolean('is_special').notNull().default(false),
    eventLink: text('event_link'),
    linkType: text('link_type').notNull().default('learn_more'),
    buttonText: text('button_text'),
    organizer: text('organizer'),
    contactEmail: text('contact_email'),
    capacity: integer('capacity'),
    price: numeric('price', { precision: 10, scale: 2 }),
    image: text('image'),
    /** Grows with each staff edit, so calendars that subscribed take the new version (iCalendar SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('events_date_idx').on(table.date)],
);

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  day: text('day').notNull(),
  time: text('time').notNull(),
  description: text('description').notNull(),
  zoomLink: text('zoom_link'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const albums = pgTable('albums', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  coverImage: text('cover_image'),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const albumImages = pgTable(
  'album_images',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    originalFilename: text('original_filename').notNull().default(''),
    uploaderName: text('uploader_name').notNull().default(''),
    /** processing until the worker has checked it and made its sizes; then ready, or failed with a reason. */
    status: text('status').notNull().default('processing'),
    thumbnail: text('thumbnail'),
    display: text('display'),
    width: integer('width'),
    height: integer('height'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (table) => [index('album_images_album_idx').on(table.albumId, table.createdAt)],
);

export const qnaSessions = pgTable(
  'qna_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('live'),
    maxQuestions: integer('max_questions').notNull().default(100),
    /**
     * Questions the session holds, kept with every insert and delete so a new question can claim a
     * place below max_questions in the same single statement that stores it (see QnaRepository).
     */
    questionCount: integer('question_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** open, filter or review (QNA_MODERATION_MODES): when a new question goes live. */
    moderation: text('moderation').notNull().default('open'),
    /** The church's own words for the word filter, beside the library's. */
    filterWords: text('filter_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('qna_sessions_max_questions_positive', sql`${table.maxQuestions} >= 1`)],
);

export const qnaQuestions = pgTable(
  'qna_questions',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => qnaSessions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    category: text('category').notNull().default('general'),
    name: text('name').notNull().default('Anonymous'),
    status: text('status').notNull().default('new'),
    /** Kept in the same statement as each row of qna_votes, so lists read it without counting. */
    votes: integer('votes').notNull().default(0),
    /** The asker's device (see http/device.ts), so they alone see their question while it waits. Never shown. */
    deviceId: text('device_id'),
    /** The word filter caught its text or name. */
    flagged: boolean('flagged').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('qna_questions_session_idx').on(table.sessionId, table.createdAt)],
);

/** One vote per question per device: the primary key makes a double tap or a replay count once. */
export const qnaVotes = pgTable(
  'qna_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => qnaQuestions.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.deviceId] })],
);

export const photoCollections = pgTable(
  'photo_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    allowVideos: boolean('allow_videos').notNull().default(true),
    maxFileSizeMb: integer('max_file_size_mb').notNull().default(50),
    isActive: boolean('is_active').notNull().default(true),
    /** New uploads wait as pending until staff approve them; turning it off leaves those waiting as they are. */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Staff get a digest of new uploads by e-mail, at most once an interval (UPLOAD_DIGEST_SECONDS). */
    notifyUploads: boolean('notify_uploads').notNull().default(false),
    /** When the digest already queued will be sent; null while none is queued. */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    /** The newest upload the last digest counted: the next counts those after it. */
    digestCountedId: integer('digest_counted_id').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('photo_collections_max_file_size_range', sql`${table.maxFileSizeMb} between 1 and 100`)],
);

export const collectionUploads = pgTable(
  'collection_uploads',
  {
    id: serial('id').primaryKey(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => photoCollections.id, { onDelete: 'cascade' }),
    /** Path under the media directory; the name is generated, never the visitor's. */
    file: text('file').notNull(),
    fileType: text('file_type').notNull(),
    mimeType: text('mime_type').notNull(),
    originalFilename: text('original_filename').notNull().default(''),
    uploaderName: text('uploader_name').notNull().default('Anonymous'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** processing until the worker has checked it and made its sizes; then ready, or failed with a reason. */
    status: text('status').notNull().default('processing'),
    thumbnail: text('thumbnail'),
    display: text('display'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: numeric('duration_seconds', { precision: 10, scale: 2 }),
    poster: text('poster'),
    failureReason: text('failure_reason'),
    /** approved (shown to visitors once ready), pending (waiting for staff) or rejected (hidden, kept). */
    approval: text('approval').notNull().default('approved'),
    /** The uploading browser's device id (see DeviceIds), so its guest can see how their uploads are getting on. */
    deviceId: text('device_id'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('collection_uploads_collection_idx').on(table.collectionId, table.uploadedAt),
    index('collection_uploads_device_idx').on(table.collectionId, table.deviceId),
  ],
);

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: createdAt(),
});

export const connectSubmissions = pgTable('connect_submissions', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  interests: text('interests')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  message: text('message').notNull().default(''),
  isProcessed: boolean('is_processed').notNull().default(false),
  createdAt: createdAt(),
});

export const givingSubmissions = pgTable('giving_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  givingType: text('giving_type').notNull().default('offering'),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${table.email})`)],
);

export const buildingFundPledges = pgTable(
  'building_fund_pledges',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    totalPledge: numeric('total_pledge', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    paymentType: text('payment_type').notNull(),
    paymentAmount: numeric('payment_amount', { precision: 12, scale: 2 }).notNull(),
    payByDate: date('pay_by_date').notNull(),
    paymentMethod: text('payment_method').notNull(),
    message: text('message').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default('pending'),
    adminNotes: text('admin_notes').notNull().default(''),
    /** Staff, or the donor through the link in a reminder, switch the pay-by reminders off. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('building_fund_pledges_total_min', sql`${table.totalPledge} >= 1`),
    check(
      'building_fund_pledges_amount_range',
      sql`${table.paymentAmount} >= 0 and ${table.paymentAmount} <= ${table.totalPledge}`,
    ),
    index('building_fund_pledges_created_idx').on(table.createdAt),
  ],
);

/**
 * Each pay-by reminder claimed by the sweep, written in the transaction that queues its mail: the
 * unique key is what lets only one worker, once, send a reminder for a pledge's pay-by date.
 */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    id: serial('id').primaryKey(),
    pledgeId: integer('pledge_id')
      .notNull()
      .references(() => buildingFundPledges.id, { onDelete: 'cascade' }),
    /** due-soon (PLEDGE_REMINDER_DAYS before) or overdue (the day after the pay-by date). */
    kind: text('kind').notNull(),
    payByDate: date('pay_by_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('pledge_reminders_once_key').on(table.pledgeId, table.kind, table.payByDate)],
);

/**
 * Money received for the building fund: against a pledge, or a one-off gift (no pledge). The donor's
 * name and address are kept on the gift itself, so a gift stays attributable for Gift Aid and
 * statements (HMRC asks charities to keep these records for six years) even if its pledge is deleted.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    pledgeId: integer('pledge_id').references(() => buildingFundPledges.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower case, as every form stores addresses; empty for an anonymous one-off gift. */
    email: text('email').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** The day the church received it, in its own calendar. */
    receivedOn: date('received_on').notNull(),
    /** GIFT_METHODS. */
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('gifts_amount_positive', sql`${table.amount} > 0`),
    index('gifts_pledge_idx').on(table.pledgeId),
    index('gifts_email_idx').on(sql`lower(${table.email})`),
    index('gifts_received_idx').on(table.receivedOn),
  ],
);

/**
 * An HMRC Gift Aid declaration: it covers the donor's gifts (matched by address) from `declaredOn`,
 * and the four years before when `coversPastGifts`, until it is cancelled.
 */
export const giftAidDeclarations = pgTable(
  'gift_aid_declarations',
  {
    id: serial('id').primaryKey(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    houseNameOrNumber: text('house_name_or_number').notNull(),
    /** Upper case with one space, as HMRC asks ("N1 9GU"). */
    postcode: text('postcode').notNull(),
    declaredOn: date('declared_on').notNull(),
    coversPastGifts: boolean('covers_past_gifts').notNull().default(false),
    /** The form it came from: building_fund or giving. */
    source: text('source').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('gift_aid_declarations_email_idx').on(sql`lower(${table.email})`)],
);

/** A single row (id 1): whether visitors see the fund's progress towards its goals. */
export const buildingFundSettings = pgTable(
  'building_fund_settings',
  {
    id: integer('id').primaryKey().default(1),
    showProgress: boolean('show_progress').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check('building_fund_settings_single_row', sql`${table.id} = 1`)],
);

/** The fund's goal in a currency; a currency with no row has no goal and no progress bar. */
export const buildingFundGoals = pgTable(
  'building_fund_goals',
  {
    currency: text('currency').primaryKey(),
    goal: numeric('goal', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [check('building_fund_goals_positive', sql`${table.goal} > 0`)],
);

/** A Gift Aid claim staff prepared for HMRC: the gifts received in its date range that were not claimed before. */
export const giftAidClaims = pgTable('gift_aid_claims', {
  id: serial('id').primaryKey(),
  fromDate: date('from_date').notNull(),
  toDate: date('to_date').notNull(),
  /** The staff member's username, as campaigns record who sent them. */
  preparedBy: text('prepared_by').notNull(),
  createdAt: createdAt(),
});

/**
 * The gifts of a claim and the declaration that covered each. A gift's id is unique here, so no gift
 * is ever claimed twice, however claims race; a declaration named here is kept for HMRC.
 */
export const giftAidClaimGifts = pgTable(
  'gift_aid_claim_gifts',
  {
    claimId: integer('claim_id')
      .notNull()
      .references(() => giftAidClaims.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => giftAidDeclarations.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('gift_aid_claim_gifts_gift_key').on(table.giftId),
    index('gift_aid_claim_gifts_claim_idx').on(table.claimId),
    index('gift_aid_claim_gifts_declaration_idx').on(table.declarationId),
  ],
);

/** A single row (id 1): the texts of the home page hero and welcome. */
export const homepageContent = pgTable(
  'homepage_content',
  {
    id: integer('id').primaryKey().default(1),
    heroTitle: text('hero_title').notNull(),
    heroSubtitle: text('hero_subtitle').notNull(),
    heroCta: text('hero_cta').notNull(),
    welcomeTitle: text('welcome_title').notNull(),
    welcomeMessage: text('welcome_message').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('homepage_content_single_row', sql`${table.id} = 1`)],
);

export const emailSenders = pgTable(
  'email_senders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_senders_email_key').on(sql`lower(${table.email})`)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where a set-password link goes; accounts made from the command line have none. */
    email: text('email'),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    /** A deactivated account keeps its name and history but cannot sign in or use a session. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_users_username_key').on(sql`lower(${table.username})`)],
);

/** A staff member's recent sign-ins, kept to the last few per account. */
export const adminSignIns = pgTable(
  'admin_sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (table) => [index('admin_sign_ins_user_idx').on(table.userId, table.signedInAt.desc())],
);

/**
 * An e-mailed set-password link. The link's token is an HMAC of the row's id and nonce, so the
 * worker can write it into the mail without a job carrying it and a copy of the table cannot forge one.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_password_links_user_idx').on(table.userId)],
);

/** A download-all request: the worker streams the collection into one zip. */
export const collectionExports = pgTable('collection_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  collectionId: uuid('collection_id')
    .notNull()
    .references(() => photoCollections.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  file: text('file'),
  fileCount: integer('file_count'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  failureReason: text('failure_reason'),
  requestedBy: text('requested_by').notNull().default(''),
  /** Staff asked for uploads still waiting for approval as well as the approved ones. */
  includePending: boolean('include_pending').notNull().default(false),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A newsletter sent by staff: one delivery row per distinct address. */
export const emailCampaigns = pgTable('email_campaigns', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull(),
  /** draft, scheduled, sending, paused, sent, sent_with_failures or cancelled (CAMPAIGN_STATUSES). */
  status: text('status').notNull().default('sending'),
  /** newsletter (only to addresses with consent) or service (about something the person asked for). */
  kind: text('kind').notNull().default('newsletter'),
  total: integer('total').notNull(),
  /** A draft's recipients as the editor saved them; deliveries are made from them when it is scheduled or sent. */
  draftRecipients: jsonb('draft_recipients').$type<Array<{ email: string; name: string }>>(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  pausedReason: text('paused_reason'),
  createdBy: text('created_by').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** This recipient's own words (a statement), in place of the campaign's content; null for most. */
    content: text('content'),
    /** pending, sending, sent, failed, skipped (unsubscribed) or cancelled. */
    status: text('status').notNull().default('pending'),
    messageId: text('message_id'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('email_deliveries_campaign_email_key').on(table.campaignId, sql`lower(${table.email})`),
    index('email_deliveries_campaign_status_idx').on(table.campaignId, table.status),
  ],
);

/**
 * Server-side staff sessions. The cookie holds a random token; only its SHA-256 is stored,
 * so a leaked table cannot be replayed, and deleting rows revokes sign-ins at once.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('admin_sessions_user_idx').on(table.userId)],
);

/**
 * Jobs written in the same transaction as the data they belong to; a relay moves
 * them to the queue, using this id as the job id so nothing is queued twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    jobName: text('job_name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    /** A job to run later: handed over at once as a delayed BullMQ job, so it survives worker restarts. */
    runAt: timestamp('run_at', { withTimezone: true }),
    /** Set by the worker when the job completed or failed for good; until then the relay checks Redis still has it. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_pending_idx')
      .on(table.id)
      .where(sql`${table.relayedAt} is null`),
    index('outbox_handed_over_idx')
      .on(table.id)
      .where(sql`${table.relayedAt} is not null and ${table.finishedAt} is null`),
  ],
);

/**
 * When each address last got a receipt of each kind. Receipts go to an address a visitor typed, so
 * one per address and kind an hour keeps the forms from being used to flood someone's inbox.
 */
export const receiptsSent = pgTable(
  'receipts_sent',
  {
    kind: text('kind').notNull(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.email] })],
);

/**
 * Consent to the newsletter, one row each time it was given (where: the form's name), so the church can
 * show when and where someone agreed. Withdrawing (unsubscribe) closes every open row of the address;
 * ticking the box again later opens a new one. newsletter_subscribers stays the spec's list of sign-ups.
 */
export const emailConsents = pgTable(
  'email_consents',
  {
    id: serial('id').primaryKey(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    /** newsletter, contact, connect, giving or building_fund. */
    source: text('source').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('email_consents_email_idx').on(sql`lower(${table.email})`)],
);

/** Addresses the mail server refused for good (a 5xx): no campaign mails them until staff lift it. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    campaignId: integer('campaign_id').references(() => emailCampaigns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_suppressions_email_key').on(sql`lower(${table.email})`)],
);

/**
 * Every staff change, kept: who, when, what, and the thing before and after. Passwords and tokens are
 * redacted before a row is written; People's erase anonymises what a person's rows hold.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUsername: text('staff_username').notNull(),
    action: text('action', { enum: ['create', 'edit', 'delete'] }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('activity_log_at_idx').on(table.at),
    index('activity_log_staff_at_idx').on(table.staffUsername, table.at),
    index('activity_log_subject_at_idx').on(table.subjectKind, table.at),
  ],
);

/**
 * One date's gathering (usually a Sunday): the Q&A session, photo collection and sermon its QR code leads to.
 * The id is random so a gathering's public page cannot be guessed before it is shared; deleting a linked thing
 * leaves the gathering without that link.
 */
export const gatherings = pgTable(
  'gatherings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    date: date('date').notNull(),
    qnaSessionId: uuid('qna_session_id').references(() => qnaSessions.id, { onDelete: 'set null' }),
    collectionId: uuid('collection_id').references(() => photoCollections.id, { onDelete: 'set null' }),
    sermonId: integer('sermon_id').references(() => sermons.id, { onDelete: 'set null' }),
    /** Plain text, shown to visitors as typed. */
    sermonNotes: text('sermon_notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('gatherings_date_idx').on(table.date)],
);
