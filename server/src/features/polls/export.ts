import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../platform/context.js';
import type { SessionDownloadPart } from '../qna/index.js';
import { AnswerRepository } from './answer-repository.js';
import { PollRepository, type PollRow } from './repository.js';
import { toPublicResults } from './shapes.js';

interface Line {
  poll: string;
  type: string;
  status: string;
  answered: number;
  answer: string;
  count: number | string;
  held: boolean | string;
}

const COLUMNS: { key: keyof Line; header: string }[] = [
  { key: 'poll', header: 'Poll' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'answered', header: 'Devices answered' },
  { key: 'answer', header: 'Answer' },
  { key: 'count', header: 'Count' },
  { key: 'held', header: 'Caught by word filter' },
];

/** Each poll's results in the session's CSV download: a line per option, word or text answer. */
export function pollsDownload(ctx: AppContext): SessionDownloadPart {
  const polls = new PollRepository(ctx.db);
  const answers = new AnswerRepository(ctx.db);
  const linesOf = async (poll: PollRow): Promise<Line[]> => {
    const results = toPublicResults(poll, await answers.counts(poll.id));
    const about = { poll: poll.question, type: poll.type, status: poll.status, answered: results.total };
    if (poll.type === 'text') {
      return (await answers.textAnswers(poll.id, false)).map((answer) => ({
        ...about,
        answer: answer.text,
        count: '',
        held: answer.held,
      }));
    }
    if (poll.type === 'words') {
      return results.words.map(({ word, count }) => ({ ...about, answer: word, count, held: false }));
    }
    const lines: Line[] = poll.options.map((option, position) => ({
      ...about,
      answer: option,
      count: results.counts[position] ?? 0,
      held: '',
    }));
    if (results.average !== null)
      lines.push({ ...about, answer: 'Average', count: results.average.toFixed(2), held: '' });
    return lines;
  };
  return {
    async csv(sessionId) {
      const lines = (await Promise.all((await polls.list(sessionId)).map(linesOf))).flat();
      if (!lines.length) return '';
      return stringify(lines, {
        header: true,
        columns: COLUMNS,
        // Visitors type the words and text answers: a cell such as =HYPERLINK(...) must stay text in a spreadsheet.
        escape_formulas: true,
        cast: { boolean: (value: boolean) => (value ? 'yes' : 'no') },
      });
    },
  };
}
