import type { StaffPoll, StaffPollResults } from '@gather/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION, staffPoll as pollFixture } from '../../test/fixtures';
import { pollsExport } from './export';

const CHOICE = '5d3c2b1a-0f9e-4d8c-b7a6-958473625140';
const DRAFT = '7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9';

function staffPoll(id: string, changes: Partial<StaffPoll>): StaffPoll {
  const closed: Partial<StaffPoll> = { status: 'closed', revealed: true, answer_count: 3 };
  return pollFixture({ id, options: ['Psalms', 'Acts'], ...closed, closed_at: '2026-11-27T10:05:00.000Z', ...changes });
}

const results: StaffPollResults = {
  poll_id: CHOICE,
  type: 'choice',
  total: 3,
  counts: [2, 1],
  average: null,
  words: [],
  answers: [],
  shown_answer_id: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("the polls in the session's JSON download", () => {
  it('gives each poll with its options counted, and a draft with none, reading results only of launched polls', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const body = url.endsWith('/results/')
          ? results
          : [
              staffPoll(CHOICE, {}),
              staffPoll(DRAFT, { question: 'Later', type: 'words', options: [], status: 'draft' }),
            ];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { polls } = await pollsExport(SESSION);
    expect(asked).toEqual([`/api/qna/sessions/${SESSION}/polls/`, `/api/qna/polls/${CHOICE}/results/`]);
    expect(polls.map(({ question, status, total, options }) => ({ question, status, total, options }))).toEqual([
      {
        question: 'Which series next?',
        status: 'closed',
        total: 3,
        options: [
          { option: 'Psalms', count: 2 },
          { option: 'Acts', count: 1 },
        ],
      },
      { question: 'Later', status: 'draft', total: 0, options: [] },
    ]);
  });
});
