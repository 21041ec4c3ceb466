import type { StaffQuestion } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  neighbourOf,
  mostVoted,
  orderQuestions,
  pendingQuestions,
  presentationQueue,
  questionMetrics,
  recentQuestions,
  visibleQuestions,
} from './ordering';

let nextId = 1;
function question(overrides: Partial<StaffQuestion> & { minute: number }): StaffQuestion {
  const at = new Date(Date.UTC(2026, 10, 22, 10, overrides.minute)).toISOString();
  return {
    id: nextId++,
    text: 'What time is the service?',
    category: 'general',
    name: 'Anonymous',
    status: 'new',
    created_at: at,
    timestamp: at,
    votes: 0,
    flagged: false,
    ...overrides,
  };
}

const ids = (questions: StaffQuestion[]) => questions.map((q) => q.id);

describe('moderator ordering', () => {
  it('puts priority questions first, then the oldest first', () => {
    const newest = question({ minute: 30 });
    const oldest = question({ minute: 1 });
    const middle = question({ minute: 15 });
    expect(ids(orderQuestions([newest, oldest, middle], new Set()))).toEqual([oldest.id, middle.id, newest.id]);
    expect(ids(orderQuestions([newest, oldest, middle], new Set([newest.id])))).toEqual([
      newest.id,
      oldest.id,
      middle.id,
    ]);
  });

  it('hides answered questions unless the status filter asks for them', () => {
    const open = question({ minute: 1 });
    const answered = question({ minute: 2, status: 'answered' });
    expect(ids(visibleQuestions([open, answered], NO_FILTERS, new Set()))).toEqual([open.id]);
    expect(ids(visibleQuestions([open, answered], { ...NO_FILTERS, status: 'answered' }, new Set()))).toEqual([
      answered.id,
    ]);
  });

  it('filters by status and category together', () => {
    const skippedFaith = question({ minute: 1, status: 'skipped', category: 'faith' });
    const skippedYouth = question({ minute: 2, status: 'skipped', category: 'youth' });
    const newFaith = question({ minute: 3, category: 'faith' });
    const filters = { ...NO_FILTERS, status: 'skipped', category: 'faith' } as const;
    expect(ids(visibleQuestions([skippedFaith, skippedYouth, newFaith], filters, new Set()))).toEqual([
      skippedFaith.id,
    ]);
  });

  it('searches the text or the name, whatever the letter case', () => {
    const byText = question({ minute: 1, text: 'Where is the PRAYER meeting?' });
    const byName = question({ minute: 2, name: 'Prayerful Pat' });
    const neither = question({ minute: 3, text: 'Is there parking?', name: 'Sam' });
    const found = visibleQuestions([byText, byName, neither], { ...NO_FILTERS, search: '  prayer ' }, new Set());
    expect(ids(found)).toEqual([byText.id, byName.id]);
  });

  it('streams the six newest unanswered questions, newest first', () => {
    const questions = Array.from({ length: 8 }, (_, minute) => question({ minute }));
    const answeredNewest = question({ minute: 59, status: 'answered' });
    const recent = recentQuestions([...questions, answeredNewest]);
    expect(ids(recent)).toEqual(ids(questions.slice(2).reverse()));
  });

  it('presents every unanswered question in the moderator order and wraps round', () => {
    const first = question({ minute: 1 });
    const answered = question({ minute: 2, status: 'answered' });
    const last = question({ minute: 3, status: 'skipped' });
    const queue = presentationQueue([last, answered, first], new Set());
    expect(ids(queue)).toEqual([first.id, last.id]);
    expect(neighbourOf(queue, last.id, 1)?.id).toBe(first.id);
    expect(neighbourOf(queue, first.id, -1)?.id).toBe(last.id);
    expect(neighbourOf([first], first.id, 1)).toBeNull();
  });

  it('keeps waiting and dismissed questions out of every list but the pending one, oldest first there', () => {
    const live = question({ minute: 1 });
    const later = question({ minute: 9, status: 'pending' });
    const earlier = question({ minute: 3, status: 'pending' });
    const dismissed = question({ minute: 2, status: 'dismissed' });
    const all = [live, later, earlier, dismissed];
    expect(ids(visibleQuestions(all, NO_FILTERS, new Set()))).toEqual([live.id]);
    expect(ids(recentQuestions(all))).toEqual([live.id]);
    expect(ids(presentationQueue(all, new Set()))).toEqual([live.id]);
    expect(ids(pendingQuestions(all))).toEqual([earlier.id, later.id]);
    expect(questionMetrics(all)).toMatchObject({ total: 1, pending: 2, dismissed: 1 });
  });

  it('sorts the most voted first when asked, keeping the spec’s order among equals', () => {
    const oldest = question({ minute: 1, votes: 2 });
    const popular = question({ minute: 5, votes: 7 });
    const tied = question({ minute: 3, votes: 2 });
    const filters = { ...NO_FILTERS, order: 'votes' } as const;
    expect(ids(visibleQuestions([tied, popular, oldest], filters, new Set()))).toEqual([
      popular.id,
      oldest.id,
      tied.id,
    ]);
    expect(ids(mostVoted([tied, popular, oldest], new Set([tied.id])))).toEqual([popular.id, tied.id, oldest.id]);
  });

  it('counts questions by status', () => {
    const metrics = questionMetrics([
      question({ minute: 1 }),
      question({ minute: 2, status: 'reading' }),
      question({ minute: 3, status: 'skipped' }),
      question({ minute: 4, status: 'skipped' }),
    ]);
    expect(metrics).toEqual({ total: 4, new: 1, reading: 1, answered: 0, skipped: 2, pending: 0, dismissed: 0 });
  });
});
