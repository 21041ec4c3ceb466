import type {
  AudienceQuestion,
  Campaign,
  CollectionUpload,
  VoteCounts,
  CollectionExport,
  Page,
  PublicQuestion,
  PublicSession,
  StaffCollectionUpload,
} from '@gather/contracts';

/*
 * How a pushed event changes a cached answer. Each is pure and idempotent (applying an event twice
 * gives what applying it once gave), so an event that also arrives in a refetch, or twice, is
 * harmless. Nothing is made up for an answer never fetched: undefined stays undefined.
 */

/** Inserts or replaces by id, keeping the list newest first (then highest id first), as the API sends it. */
function upsertNewestFirst<Row extends { id: number }>(
  rows: Row[] | undefined,
  row: Row,
  timeOf: (row: Row) => string,
): Row[] | undefined {
  if (!rows) return rows;
  const time = Date.parse(timeOf(row));
  const others = rows.filter((existing) => existing.id !== row.id);
  const olderAt = others.findIndex((existing) => {
    const existingTime = Date.parse(timeOf(existing));
    return existingTime < time || (existingTime === time && existing.id < row.id);
  });
  const at = olderAt === -1 ? others.length : olderAt;
  return [...others.slice(0, at), row, ...others.slice(at)];
}

function removeById<Row extends { id: number }>(rows: Row[] | undefined, id: number): Row[] | undefined {
  if (!rows?.some((row) => row.id === id)) return rows;
  return rows.filter((row) => row.id !== id);
}

type ListedQuestion = { id: number; created_at: string };

/** A question created or updated (its status changed). */
export function upsertQuestion<Question extends ListedQuestion>(
  questions: Question[] | undefined,
  question: Question,
): Question[] | undefined {
  return upsertNewestFirst(questions, question, (row) => row.created_at);
}

/**
 * A question on the submit page: what is pushed of it, and what only this phone knows: whether it
 * voted for it, and whether it is its own question still waiting for approval.
 */
export type ShownQuestion = AudienceQuestion & { voted: boolean; waiting: boolean };

/** Visitors never see how the moderators treated a question: only that it was answered, or that their own waits. */
export function asShown({ status, ...question }: PublicQuestion): ShownQuestion {
  return { ...question, answered: status === 'answered', waiting: status === 'pending' };
}

/**
 * Questions pushed together (the audience gets them in batches at busy times), in order. A push
 * knows nothing of this phone: its vote is kept, and its own waiting question is now approved.
 */
export function upsertQuestions(
  questions: ShownQuestion[] | undefined,
  added: AudienceQuestion[],
): ShownQuestion[] | undefined {
  return added.reduce<ShownQuestion[] | undefined>((rows, question) => {
    const voted = rows?.find((row) => row.id === question.id)?.voted ?? false;
    return upsertQuestion(rows, { ...question, voted, waiting: false });
  }, questions);
}

/** New vote counts onto the questions they are for (a count for a question not shown is ignored). */
export function applyVoteCounts<Question extends { id: number; votes: number }>(
  questions: Question[] | undefined,
  counts: VoteCounts,
): Question[] | undefined {
  if (!questions) return questions;
  const votes = new Map(counts.map((count) => [count.id, count.votes]));
  if (!questions.some((question) => votes.has(question.id))) return questions;
  return questions.map((question) => {
    const count = votes.get(question.id);
    return count === undefined || count === question.votes ? question : { ...question, votes: count };
  });
}

/** A question answered (or taken back from answered) on the submit page. */
export function markAnswered(
  questions: ShownQuestion[] | undefined,
  event: { id: number; answered: boolean },
): ShownQuestion[] | undefined {
  if (!questions?.some((question) => question.id === event.id)) return questions;
  return questions.map((question) => (question.id === event.id ? { ...question, answered: event.answered } : question));
}

export function removeQuestion<Question extends ListedQuestion>(
  questions: Question[] | undefined,
  id: number,
): Question[] | undefined {
  return removeById(questions, id);
}

/** The session was deleted or closed; the refetch that follows tells which. */
export function endSession(session: PublicSession | undefined): PublicSession | undefined {
  return session && { ...session, is_active: false };
}

/** An upload received, or processed by the worker (ready with its sizes, or failed with its reason). */
export function upsertUpload(
  uploads: StaffCollectionUpload[] | undefined,
  upload: StaffCollectionUpload,
): StaffCollectionUpload[] | undefined {
  return upsertNewestFirst(uploads, upload, (row) => row.uploaded_at);
}

export function removeUpload<Upload extends { id: number }>(
  uploads: Upload[] | undefined,
  id: number,
): Upload[] | undefined {
  return removeById(uploads, id);
}

/**
 * An upload pushed to the public room joins the visitors' list, which caches only its newest `cacheSize`:
 * a slideshow left running for hours holds no more than that.
 */
export function upsertPublicUpload(
  uploads: CollectionUpload[] | undefined,
  upload: CollectionUpload,
  cacheSize: number,
): CollectionUpload[] | undefined {
  return upsertNewestFirst(uploads, upload, (row) => row.uploaded_at)?.slice(0, cacheSize);
}

const EXPORT_STAGES = { queued: 0, running: 1, ready: 2, failed: 2 } as const;

/**
 * A zip's progress. An event older than what is shown (it crossed a refetch) is ignored, so a
 * progress bar never runs backwards and a finished zip never looks unfinished again.
 */
export function applyExportProgress(current: CollectionExport | undefined, next: CollectionExport): CollectionExport {
  if (!current || current.id !== next.id) return next;
  const [stage, nextStage] = [EXPORT_STAGES[current.status], EXPORT_STAGES[next.status]];
  const older = nextStage < stage || (nextStage === stage && next.progress < current.progress);
  return older ? current : next;
}

/** Deliveries settled so far; it only grows while a campaign sends. */
const settled = (campaign: Campaign) => campaign.sent + campaign.failed + campaign.skipped + campaign.cancelled;
const campaignStage = (campaign: Campaign) => (campaign.status === 'sending' ? 0 : 1);

function isOlderCampaign(current: Campaign, next: Campaign): boolean {
  const [stage, nextStage] = [campaignStage(current), campaignStage(next)];
  return nextStage < stage || (nextStage === stage && settled(next) < settled(current));
}

/**
 * A campaign's counts and status, onto its cached detail (which keeps its content and failed
 * deliveries) or list row; older events are ignored as for exports.
 */
export function applyCampaignProgress<Row extends Campaign>(current: Row | undefined, next: Campaign): Row | undefined {
  if (!current || current.id !== next.id || isOlderCampaign(current, next)) return current;
  return { ...current, ...next };
}

/** A list page shows the campaign only if it already did: where a new one belongs is the server's to say. */
export function applyCampaignToPage(page: Page<Campaign> | undefined, next: Campaign): Page<Campaign> | undefined {
  if (!page?.results.some((campaign) => campaign.id === next.id)) return page;
  return { ...page, results: page.results.map((campaign) => applyCampaignProgress(campaign, next) ?? campaign) };
}
