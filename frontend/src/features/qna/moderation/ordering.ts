import type { PublicQuestion, QuestionCategory, QuestionStatus } from '@gather/contracts';

/** The spec's limits for the moderator's screens. */
export const RECENT_COUNT = 6;
export const STREAM_READ_MORE_AT = 100;
export const CARD_TEXT_MAX = 150;
export const PRESENTATION_TEXT_MAX = 200;

export interface QuestionFilters {
  status: QuestionStatus | 'all';
  category: QuestionCategory | 'all';
  search: string;
}

export const NO_FILTERS: QuestionFilters = { status: 'all', category: 'all', search: '' };

const timeOf = (question: PublicQuestion) => Date.parse(question.created_at);

/** Priority questions first, then the oldest first: the order they should be put to the speaker. */
export function orderQuestions(questions: readonly PublicQuestion[], priority: ReadonlySet<number>): PublicQuestion[] {
  return [...questions].sort((a, b) => {
    const byPriority = Number(priority.has(b.id)) - Number(priority.has(a.id));
    return byPriority || timeOf(a) - timeOf(b) || a.id - b.id;
  });
}

/** Question text or the asker's name, letter case aside. */
export function matchesSearch(question: PublicQuestion, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return question.text.toLowerCase().includes(needle) || question.name.toLowerCase().includes(needle);
}

/** The management view: answered questions are hidden unless that is the status asked for. */
export function visibleQuestions(
  questions: readonly PublicQuestion[],
  filters: QuestionFilters,
  priority: ReadonlySet<number>,
): PublicQuestion[] {
  const shown = questions.filter(
    (question) =>
      (filters.status === 'all' ? question.status !== 'answered' : question.status === filters.status) &&
      (filters.category === 'all' || question.category === filters.category) &&
      matchesSearch(question, filters.search),
  );
  return orderQuestions(shown, priority);
}

/** The stream view: the newest questions still waiting for an answer. */
export function recentQuestions(questions: readonly PublicQuestion[]): PublicQuestion[] {
  return questions
    .filter((question) => question.status !== 'answered')
    .sort((a, b) => timeOf(b) - timeOf(a) || b.id - a.id)
    .slice(0, RECENT_COUNT);
}

/** What presentation mode walks through: every unanswered question, in the moderator's order. */
export function presentationQueue(
  questions: readonly PublicQuestion[],
  priority: ReadonlySet<number>,
): PublicQuestion[] {
  return orderQuestions(
    questions.filter((question) => question.status !== 'answered'),
    priority,
  );
}

export type QuestionMetrics = Record<QuestionStatus | 'total', number>;

export function questionMetrics(questions: readonly PublicQuestion[]): QuestionMetrics {
  const metrics: QuestionMetrics = { total: questions.length, new: 0, reading: 0, answered: 0, skipped: 0 };
  for (const question of questions) metrics[question.status] += 1;
  return metrics;
}

/** The question after `id` in `queue`, wrapping round; null when `id` is the only one left. */
export function neighbourOf(queue: readonly PublicQuestion[], id: number, step: 1 | -1): PublicQuestion | null {
  const at = queue.findIndex((question) => question.id === id);
  if (at === -1) return queue[0] ?? null;
  const others = queue.length - 1;
  if (others === 0) return null;
  return queue[(at + step + queue.length) % queue.length] ?? null;
}
