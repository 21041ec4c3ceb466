import type { AnyQuestionStatus, QuestionCategory, QuestionStatus, StaffQuestion } from '@gather/contracts';

/** The spec's limits for the moderator's screens. */
export const RECENT_COUNT = 6;
export const STREAM_READ_MORE_AT = 100;
export const CARD_TEXT_MAX = 150;
export const PRESENTATION_TEXT_MAX = 200;

export interface QuestionFilters {
  status: QuestionStatus | 'all';
  category: QuestionCategory | 'all';
  search: string;
  /** The spec's order (priority, then oldest), or the audience's most voted first. */
  order: 'priority' | 'votes';
}

export const NO_FILTERS: QuestionFilters = { status: 'all', category: 'all', search: '', order: 'priority' };

const timeOf = (question: StaffQuestion) => Date.parse(question.created_at);

/** Questions that went live: every screen but the pending tab shows these only. */
export function liveQuestions(questions: readonly StaffQuestion[]): StaffQuestion[] {
  return questions.filter((question) => question.status !== 'pending' && question.status !== 'dismissed');
}

/** Questions waiting for review, the oldest first: the order they came in. */
export function pendingQuestions(questions: readonly StaffQuestion[]): StaffQuestion[] {
  return questions
    .filter((question) => question.status === 'pending')
    .sort((a, b) => timeOf(a) - timeOf(b) || a.id - b.id);
}

/** Most votes first; among equals, the spec's order. */
export function mostVoted(questions: readonly StaffQuestion[], priority: ReadonlySet<number>): StaffQuestion[] {
  return orderQuestions(questions, priority).sort((a, b) => b.votes - a.votes);
}

/** Priority questions first, then the oldest first: the order they should be put to the speaker. */
export function orderQuestions(questions: readonly StaffQuestion[], priority: ReadonlySet<number>): StaffQuestion[] {
  return [...questions].sort((a, b) => {
    const byPriority = Number(priority.has(b.id)) - Number(priority.has(a.id));
    return byPriority || timeOf(a) - timeOf(b) || a.id - b.id;
  });
}

/** Question text or the asker's name, letter case aside. */
export function matchesSearch(question: StaffQuestion, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return question.text.toLowerCase().includes(needle) || question.name.toLowerCase().includes(needle);
}

/** The management view: answered questions are hidden unless that is the status asked for. */
export function visibleQuestions(
  questions: readonly StaffQuestion[],
  filters: QuestionFilters,
  priority: ReadonlySet<number>,
): StaffQuestion[] {
  const shown = liveQuestions(questions).filter(
    (question) =>
      (filters.status === 'all' ? question.status !== 'answered' : question.status === filters.status) &&
      (filters.category === 'all' || question.category === filters.category) &&
      matchesSearch(question, filters.search),
  );
  return filters.order === 'votes' ? mostVoted(shown, priority) : orderQuestions(shown, priority);
}

/** The stream view: the newest questions still waiting for an answer. */
export function recentQuestions(questions: readonly StaffQuestion[]): StaffQuestion[] {
  return liveQuestions(questions)
    .filter((question) => question.status !== 'answered')
    .sort((a, b) => timeOf(b) - timeOf(a) || b.id - a.id)
    .slice(0, RECENT_COUNT);
}

/** What presentation mode walks through: every unanswered question, in the moderator's order. */
export function presentationQueue(questions: readonly StaffQuestion[], priority: ReadonlySet<number>): StaffQuestion[] {
  return orderQuestions(
    liveQuestions(questions).filter((question) => question.status !== 'answered'),
    priority,
  );
}

export type QuestionMetrics = Record<AnyQuestionStatus | 'total', number>;

/** `total` counts the questions that went live, as the spec's header always has. */
export function questionMetrics(questions: readonly StaffQuestion[]): QuestionMetrics {
  const metrics: QuestionMetrics = {
    total: liveQuestions(questions).length,
    new: 0,
    reading: 0,
    answered: 0,
    skipped: 0,
    pending: 0,
    dismissed: 0,
  };
  for (const question of questions) metrics[question.status] += 1;
  return metrics;
}

/** The question after `id` in `queue`, wrapping round; null when `id` is the only one left. */
export function neighbourOf(queue: readonly StaffQuestion[], id: number, step: 1 | -1): StaffQuestion | null {
  const at = queue.findIndex((question) => question.id === id);
  if (at === -1) return queue[0] ?? null;
  const others = queue.length - 1;
  if (others === 0) return null;
  return queue[(at + step + queue.length) % queue.length] ?? null;
}
