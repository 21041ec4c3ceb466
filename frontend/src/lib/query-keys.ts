import type { ActivityQuery, PageQuery } from '@gather/contracts';

/**
 * Every react-query key, in one place: live pushes and recovery write to and refetch these, so a
 * screen that caches an answer under its own key would never update live. Keys of one thing share
 * a prefix (`ofSession`, `ofCollection`), so all of it can be refetched at once.
 */
export const queryKeys = {
  /** GET /api/site/ (SiteSettings) */
  site: () => ['site'] as const,
  auth: {
    /** GET /api/admin/auth/me: the StaffUser, or null when signed out */
    me: () => ['auth', 'me'] as const,
    /** GET /api/admin/second-factor/ (SecondFactorStatus) */
    secondFactor: () => ['auth', 'second-factor'] as const,
  },
  /** GET /api/homepage/ */
  homepage: () => ['homepage'] as const,
  sermons: {
    all: () => ['sermons'] as const,
    list: () => ['sermons', 'list'] as const,
    latest: (limit: number) => ['sermons', 'latest', limit] as const,
    /** GET /api/sermon-series/ */
    series: () => ['sermons', 'series'] as const,
  },
  events: {
    all: () => ['events'] as const,
    list: () => ['events', 'list'] as const,
    special: () => ['events', 'special'] as const,
    upcoming: () => ['events', 'upcoming'] as const,
    /** GET /api/events/{id}/ (ChurchEvent), for the event's own page */
    one: (eventId: number) => ['events', 'one', eventId] as const,
    /** GET /api/events/{id}/registration/ (RegistrationState): places left and the sign-up form */
    registration: (eventId: number) => ['events', 'registration', eventId] as const,
  },
  registrations: {
    /** GET /api/admin/events/{id}/registrations/ (RegistrationList), with its search */
    list: (eventId: number, search = '') => ['registrations', eventId, 'list', search] as const,
    lists: (eventId: number) => ['registrations', eventId, 'list'] as const,
    ofEvent: (eventId: number) => ['registrations', eventId] as const,
    /** GET /api/admin/events/{id}/registration/ (RegistrationSettings) */
    settings: (eventId: number) => ['registrations', eventId, 'settings'] as const,
    /** GET /api/admin/arrivals/ (TodaysArrivals): today's events taking sign-ups, on the dashboard */
    arrivals: () => ['registrations', 'arrivals'] as const,
  },
  services: {
    all: () => ['services'] as const,
    /** GET /api/services/ (WeeklyService[], the active ones) */
    list: () => ['services', 'list'] as const,
    /** GET /api/admin/services/ (every service, inactive ones too) */
    staff: () => ['services', 'staff'] as const,
  },
  gatherings: {
    all: () => ['gatherings'] as const,
    /** GET /api/gatherings/public/current/ (CurrentGathering): /sunday's */
    current: () => ['gatherings', 'current'] as const,
    /** GET /api/gatherings/public/{id}/ (PublicGathering) */
    public: (gatheringId: string) => ['gatherings', gatheringId, 'public'] as const,
    /** GET /api/admin/gatherings/ (Gathering[], newest date first) */
    staff: () => ['gatherings', 'staff'] as const,
  },
  albums: {
    all: () => ['albums'] as const,
    list: () => ['albums', 'list'] as const,
    public: () => ['albums', 'public'] as const,
    photos: (albumId: number) => ['albums', albumId, 'photos'] as const,
  },
  stats: () => ['stats'] as const,
  settings: {
    /** GET /api/admin/settings/ (ChurchSettings) */
    details: () => ['settings', 'details'] as const,
    /** GET /api/admin/settings/checklist/ (FirstRunChecklist) */
    checklist: () => ['settings', 'checklist'] as const,
  },
  /** GET /api/admin/attention/ (Attention): the dashboard's "Needs attention" and the sidebar badges */
  attention: () => ['attention'] as const,
  /** GET /api/admin/site-health/: what is wrong with the site, for the dashboard's "site health" line */
  siteHealth: () => ['site-health'] as const,
  inboxes: {
    contact: (query: object) => ['inboxes', 'contact', query] as const,
    connect: (query: object) => ['inboxes', 'connect', query] as const,
    giving: (query: object) => ['inboxes', 'giving', query] as const,
  },
  prayer: {
    /** GET /api/prayer-requests/wall/?page= (Page<WallPrayer>): the wall, a page at a time */
    wall: (page: number) => ['prayer', 'wall', page] as const,
    walls: () => ['prayer', 'wall'] as const,
    /** GET /api/admin/prayer-requests/ (Page<StaffPrayerRequest>), with its search and status */
    staff: (query: object) => ['prayer', 'staff', query] as const,
    staffAll: () => ['prayer', 'staff'] as const,
  },
  /** GET /api/building-fund/progress/ (FundProgress) */
  fundProgress: () => ['building-fund', 'progress'] as const,
  /** GET /api/admin/building-fund/gifts/ (GiftList) */
  oneOffGifts: () => ['building-fund', 'gifts'] as const,
  /** GET /api/admin/building-fund/settings/ (FundSettings) */
  fundSettings: () => ['building-fund', 'settings'] as const,
  pledges: {
    all: () => ['pledges'] as const,
    /** GET /api/admin/building-fund-donations/{id}/gifts/ (PledgeGifts) */
    gifts: (pledgeId: number) => ['pledges', pledgeId, 'gifts'] as const,
    list: (query: object) => ['pledges', 'list', query] as const,
    /** GET /api/admin/building-fund-donations/summary/ (PledgeSummary) for the same filters */
    summary: (filters: object) => ['pledges', 'summary', filters] as const,
    detail: (pledgeId: number) => ['pledges', pledgeId] as const,
  },
  email: {
    recipients: () => ['email', 'recipients'] as const,
    senders: () => ['email', 'senders'] as const,
    /** GET /api/admin/email/suppressions/ */
    suppressions: (query: object) => ['email', 'suppressions', query] as const,
    allSuppressions: () => ['email', 'suppressions'] as const,
  },
  activity: {
    /** GET /api/admin/activity/ (Page<ActivityEntry>) */
    list: (query: Partial<ActivityQuery>) => ['activity', 'list', query] as const,
    /** GET /api/admin/activity/filters/ (ActivityFilters) */
    filters: () => ['activity', 'filters'] as const,
  },
  /** GET /api/admin/people/?email= (PersonRecord) */
  person: (email: string) => ['people', email] as const,
  staffAccounts: {
    all: () => ['staff-accounts'] as const,
    /** GET /api/admin/staff-accounts/ (StaffAccount[]) */
    list: () => ['staff-accounts', 'list'] as const,
    /** GET /api/admin/staff-accounts/{id}/sign-ins/ (StaffSignIn[]) */
    signIns: (accountId: number) => ['staff-accounts', 'sign-ins', accountId] as const,
  },
  qna: {
    /** GET /api/qna/sessions/ */
    sessions: () => ['qna', 'sessions'] as const,
    ofSession: (sessionId: string) => ['qna', sessionId] as const,
    /** GET /api/qna/public/sessions/{id}/ (PublicSession) */
    session: (sessionId: string) => ['qna', sessionId, 'session'] as const,
    /** GET /api/qna/sessions/{id}/questions/, the moderator's (StaffQuestion[], newest first, waiting ones too) */
    questions: (sessionId: string) => ['qna', sessionId, 'questions'] as const,
    /**
     * GET /api/qna/public/sessions/{id}/questions/ as the visitor's submit page caches it (ShownQuestion[],
     * newest first): questions pushed to visitors carry no status, so they are cached apart from the moderator's.
     */
    audienceQuestions: (sessionId: string) => ['qna', sessionId, 'questions', 'audience'] as const,
    /** GET /api/qna/sessions/{id}/polls/ (StaffPoll[], oldest first) and, under it, each poll's results */
    polls: (sessionId: string) => ['qna', sessionId, 'polls'] as const,
    /** GET /api/qna/polls/{id}/results/ (StaffPollResults) */
    pollResults: (sessionId: string, pollId: string) => ['qna', sessionId, 'polls', pollId, 'results'] as const,
    /** GET /api/qna/public/sessions/{id}/polls/active/ (ActivePollAnswer): the poll on a visitor's phone */
    activePoll: (sessionId: string) => ['qna', sessionId, 'active-poll'] as const,
  },
  collections: {
    /** GET /api/photo-collections/ */
    list: () => ['collections', 'list'] as const,
    ofCollection: (collectionId: string) => ['collections', collectionId] as const,
    /** GET /api/photo-collections/public/{id}/ (PublicCollection) */
    public: (collectionId: string) => ['collections', collectionId, 'public'] as const,
    /** GET /api/photo-collections/{id}/uploads/ (StaffCollectionUpload[], newest first) */
    uploads: (collectionId: string) => ['collections', collectionId, 'uploads'] as const,
    /** GET /api/photo-collections/public/{id}/uploads/ (CollectionUpload[], newest first): what visitors see */
    publicUploads: (collectionId: string) => ['collections', collectionId, 'public-uploads'] as const,
    /** GET /api/photo-collections/public/{id}/uploads/mine/ (MyUpload[]): this browser's own uploads */
    mine: (collectionId: string) => ['collections', collectionId, 'mine'] as const,
  },
  campaigns: {
    all: () => ['campaigns'] as const,
    lists: () => ['campaigns', 'list'] as const,
    /** GET /api/admin/email/campaigns/ (Page<Campaign>) */
    list: (query: Partial<PageQuery>) => ['campaigns', 'list', query] as const,
    /** GET /api/admin/email/campaigns/{id}/ (CampaignDetail) */
    detail: (campaignId: number) => ['campaigns', campaignId] as const,
    /** GET /api/admin/email/campaigns/{id}/preview/ (CampaignPreview) */
    preview: (campaignId: number) => ['campaigns', campaignId, 'preview'] as const,
  },
  exports: {
    all: () => ['exports'] as const,
    /** GET /api/admin/photo-collections/{id}/exports/{exportId}/ (CollectionExport) */
    detail: (collectionId: string, exportId: string) => ['exports', collectionId, exportId] as const,
  },
} as const;
