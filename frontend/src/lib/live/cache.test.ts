import type { CampaignDetail, Page, Campaign } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import { campaign, pushedQuestion, question, PUBLIC_SESSION, shownQuestion, upload, zip } from '../../test/fixtures';
import {
  applyCampaignProgress,
  applyCampaignToPage,
  applyExportProgress,
  applyVoteCounts,
  endSession,
  markAnswered,
  removeQuestion,
  removeUpload,
  upsertQuestion,
  upsertQuestions,
  upsertUpload,
} from './cache';

const twice = <Value>(apply: (value: Value | undefined) => Value | undefined, value: Value | undefined) =>
  apply(apply(value));

describe('questions', () => {
  const list = [question(3, 30), question(2, 20), question(1, 10)];

  it('puts a created question where the API would: newest first, then highest id', () => {
    expect(upsertQuestion(list, question(4, 40))?.map((q) => q.id)).toEqual([4, 3, 2, 1]);
    expect(upsertQuestion(list, question(9, 15))?.map((q) => q.id)).toEqual([3, 2, 9, 1]);
    expect(upsertQuestion(list, question(8, 5))?.map((q) => q.id)).toEqual([3, 2, 1, 8]);
    expect(upsertQuestion(list, question(5, 20))?.map((q) => q.id)).toEqual([3, 5, 2, 1]);
  });

  it('applies a created question once however often it arrives', () => {
    const once = upsertQuestion(list, question(4, 40));
    expect(twice((questions) => upsertQuestion(questions, question(4, 40)), list)).toEqual(once);
  });

  it('replaces an updated question in place, and inserts one it did not know', () => {
    const reading = question(2, 20, { status: 'reading' });
    expect(upsertQuestion(list, reading)).toEqual([list[0], reading, list[2]]);
    expect(twice((questions) => upsertQuestion(questions, reading), list)).toEqual([list[0], reading, list[2]]);
    expect(upsertQuestion(list.slice(0, 1), reading)).toEqual([list[0], reading]);
  });

  it('adds a batch of questions in order, once however often it arrives, keeping this phone’s votes', () => {
    const shown = [shownQuestion(3, 30), shownQuestion(2, 20, { voted: true, waiting: true }), shownQuestion(1, 10)];
    const batch = [pushedQuestion(4, 40), pushedQuestion(5, 40), pushedQuestion(2, 20, { votes: 1 })];
    const expected = [
      shownQuestion(5, 40),
      shownQuestion(4, 40),
      shownQuestion(3, 30),
      shownQuestion(2, 20, { voted: true, votes: 1 }),
      shownQuestion(1, 10),
    ];
    expect(upsertQuestions(shown, batch)).toEqual(expected);
    expect(twice((questions) => upsertQuestions(questions, batch), shown)).toEqual(expected);
    expect(upsertQuestions(undefined, batch)).toBeUndefined();
  });

  it('applies vote counts and answers to the questions they are for, once however often they arrive', () => {
    const counts = [
      { id: 2, votes: 4 },
      { id: 99, votes: 1 },
    ];
    expect(applyVoteCounts(list, counts)).toEqual([list[0], question(2, 20, { votes: 4 }), list[2]]);
    expect(twice((questions) => applyVoteCounts(questions, counts), list)).toEqual(applyVoteCounts(list, counts));
    expect(applyVoteCounts(list, [{ id: 99, votes: 1 }])).toBe(list);
    const shown = [shownQuestion(1, 10)];
    expect(markAnswered(shown, { id: 1, answered: true })).toEqual([shownQuestion(1, 10, { answered: true })]);
    expect(markAnswered(shown, { id: 7, answered: true })).toBe(shown);
  });

  it('removes a deleted question; deleting an unknown one changes nothing', () => {
    expect(removeQuestion(list, 2)?.map((q) => q.id)).toEqual([3, 1]);
    expect(twice((questions) => removeQuestion(questions, 2), list)?.map((q) => q.id)).toEqual([3, 1]);
    expect(removeQuestion(list, 99)).toBe(list);
  });

  it('leaves a list never fetched alone', () => {
    expect(upsertQuestion(undefined, question(1, 10))).toBeUndefined();
    expect(removeQuestion(undefined, 1)).toBeUndefined();
  });
});

describe('session ended', () => {
  const session = PUBLIC_SESSION;

  it('marks the cached session inactive, once or twice alike', () => {
    expect(endSession(session)).toEqual({ ...session, is_active: false });
    expect(twice((value) => endSession(value), session)).toEqual({
      ...session,
      is_active: false,
    });
    expect(endSession(undefined)).toBeUndefined();
  });
});

describe('uploads', () => {
  const list = [upload(2, 20), upload(1, 10)];

  it('adds a received upload newest first, once', () => {
    expect(upsertUpload(list, upload(3, 30))?.map((u) => u.id)).toEqual([3, 2, 1]);
    expect(twice((uploads) => upsertUpload(uploads, upload(3, 30)), list)?.map((u) => u.id)).toEqual([3, 2, 1]);
  });

  it('replaces an upload when the worker has processed it, and inserts one it did not know', () => {
    const ready = upload(1, 10, { status: 'ready', file: '/media/a.jpg', thumbnail: '/media/a.webp' });
    expect(upsertUpload(list, ready)).toEqual([list[0], ready]);
    const failed = upload(5, 15, { status: 'failed', failure_reason: 'The file is not a valid image.' });
    expect(twice((uploads) => upsertUpload(uploads, failed), list)).toEqual([list[0], failed, list[1]]);
  });

  it('removes a deleted upload; an unknown id is a no-op', () => {
    expect(twice((uploads) => removeUpload(uploads, 2), list)).toEqual([list[1]]);
    expect(removeUpload(list, 99)).toBe(list);
    expect(upsertUpload(undefined, upload(1, 10))).toBeUndefined();
  });
});

describe('download-all zips', () => {
  it('takes a zip it did not know, and each newer progress', () => {
    expect(applyExportProgress(undefined, zip({ progress: 10 }))).toEqual(zip({ progress: 10 }));
    expect(applyExportProgress(zip({ progress: 10 }), zip({ progress: 40 }))).toEqual(zip({ progress: 40 }));
    const ready = zip({ status: 'ready', progress: 100, file_count: 3, size_bytes: 1234 });
    expect(applyExportProgress(zip({ progress: 90 }), ready)).toEqual(ready);
    expect(twice((current) => applyExportProgress(current, ready), zip())).toEqual(ready);
  });

  it('never runs a progress bar backwards, nor reopens a finished zip', () => {
    expect(applyExportProgress(zip({ progress: 40 }), zip({ progress: 10 }))).toEqual(zip({ progress: 40 }));
    const failed = zip({ status: 'failed', progress: 30, failure_reason: 'The zip file could not be made.' });
    expect(applyExportProgress(failed, zip({ progress: 90 }))).toEqual(failed);
    expect(applyExportProgress(zip({ status: 'running', progress: 5 }), zip({ status: 'queued' }))).toEqual(
      zip({ status: 'running', progress: 5 }),
    );
  });
});

describe('campaigns', () => {
  const detail: CampaignDetail = { ...campaign(), content: 'Dear {name},', recipients: [], failed_deliveries: [] };

  it('puts new counts onto the detail, keeping its content, once or twice alike', () => {
    const progress = campaign({ sent: 4, failed: 1, pending: 5 });
    const expected = { ...detail, sent: 4, failed: 1, pending: 5 };
    expect(applyCampaignProgress(detail, progress)).toEqual(expected);
    expect(twice((current) => applyCampaignProgress(current, progress), detail)).toEqual(expected);
  });

  it('ignores counts older than those shown, and leaves a detail never fetched alone', () => {
    const later = { ...detail, sent: 6, pending: 4 };
    expect(applyCampaignProgress(later, campaign({ sent: 3, pending: 7 }))).toBe(later);
    const sent = { ...detail, status: 'sent' as const, sent: 10, pending: 0 };
    expect(applyCampaignProgress(sent, campaign({ sent: 10, pending: 0 }))).toBe(sent);
    expect(applyCampaignProgress(undefined, campaign({ sent: 1 }))).toBeUndefined();
  });

  it('updates the campaign on a list page showing it, and only there', () => {
    const other = campaign({ id: 8, subject: 'Carol service' });
    const page: Page<Campaign> = { count: 2, next: null, previous: null, results: [other, campaign()] };
    const done = campaign({ status: 'sent', sent: 10, pending: 0, finished_at: '2025-06-01T10:05:00.000Z' });
    expect(applyCampaignToPage(page, done)).toEqual({ ...page, results: [other, done] });
    expect(twice((current) => applyCampaignToPage(current, done), page)).toEqual({
      ...page,
      results: [other, done],
    });
    const elsewhere = { ...page, results: [other] };
    expect(applyCampaignToPage(elsewhere, done)).toBe(elsewhere);
  });
});
