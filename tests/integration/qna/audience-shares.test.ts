import { describe, expect, it } from 'vitest';
import { publicSessionPath as base, QnaCalls, voteUrl, type Headers } from '../../support/qna-calls.js';

const qna = QnaCalls.forFile();
const from = (address: string, device: Headers = {}): Headers => ({ 'x-forwarded-for': address, ...device });
const createSession = () => qna.createSession({ max_questions: 100 });

/** A phone on the question page: the device cookie the site gives it there. */
async function phone(sessionId: string, address: string): Promise<Headers> {
  const visit = await qna.app.call('GET', `${base(sessionId)}/questions/`, undefined, from(address));
  return { cookie: visit.headers.get('set-cookie')!.split(';')[0]! };
}

const ask = (sessionId: string, text: string, headers: Headers) =>
  qna.app.call('POST', `${base(sessionId)}/submit/`, { text }, headers);

async function votesOf(sessionId: string, questionId: number): Promise<number> {
  const answer = await qna.app.call('GET', `${base(sessionId)}/questions/`, undefined, from('198.51.100.250'));
  return (answer.body as Array<{ id: number; votes: number }>).find((question) => question.id === questionId)!.votes;
}

describe("a visitor's share of a live session", () => {
  it('lets one phone ask 10 questions and one address 20, and everyone else still ask', async () => {
    const sunday = await createSession();
    const mine = await phone(sunday, '203.0.113.10');
    for (let n = 1; n <= 10; n += 1)
      expect((await ask(sunday, `Mine ${n}`, from('203.0.113.10', mine))).status).toBe(201);
    const eleventh = await ask(sunday, 'Mine 11', from('203.0.113.10', mine));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.detail).toBe(
      'Thank you for your questions! You have asked as many as one person may in this session.',
    );

    // A script dropping its cookie each time is a new phone each time, but still one address.
    for (let n = 11; n <= 20; n += 1) expect((await ask(sunday, `Script ${n}`, from('203.0.113.10'))).status).toBe(201);
    expect((await ask(sunday, 'Script 21', from('203.0.113.10'))).status).toBe(429);

    expect((await ask(sunday, 'Is there parking?', from('203.0.113.11'))).status).toBe(201);
    expect(await qna.staffQuestions(sunday)).toHaveLength(21);
  });

  it('counts no vote without the device cookie the question page gave', async () => {
    const sunday = await createSession();
    const question = await ask(sunday, 'Will there be a creche?', from('203.0.113.20'));
    const id = question.body.id as number;

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.21'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(403));
    expect(answers[0]!.body.detail).toBe('Please open the question page again before voting.');
    expect(answers.every((answer) => answer.headers.get('set-cookie') === null)).toBe(true);
    const forged = { cookie: 'gather_device=made-up.signature' };
    expect((await qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.21', forged))).status).toBe(403);
    expect(await votesOf(sunday, id)).toBe(0);

    const mine = await phone(sunday, '203.0.113.21');
    expect((await qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.21', mine))).body).toMatchObject(
      {
        votes: 1,
        voted: true,
      },
    );
  });

  it('counts at most 50 votes for a question from one address, and frees a place when a vote is taken back', async () => {
    const sunday = await createSession();
    const id = (await ask(sunday, 'Who leads worship?', from('203.0.113.30'))).body.id as number;
    const phones = await Promise.all(Array.from({ length: 55 }, () => phone(sunday, '203.0.113.31')));

    const answers = [];
    for (const device of phones)
      answers.push(await qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.31', device)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(50);
    expect(answers.slice(50).map((answer) => answer.status)).toEqual(Array(5).fill(429));
    expect(await votesOf(sunday, id)).toBe(50);

    // Someone on another connection still counts.
    const elsewhere = await phone(sunday, '203.0.113.32');
    expect((await qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.32', elsewhere))).status).toBe(
      200,
    );

    const takenBack = await qna.app.call('DELETE', voteUrl(sunday, id), undefined, from('203.0.113.31', phones[0]!));
    expect(takenBack.body).toMatchObject({ votes: 50, voted: false });
    const late = await qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.31', phones[54]!));
    expect(late.body).toMatchObject({ votes: 51, voted: true });
  });

  it('keeps the share when one address votes all at once, with repeated taps, and frees the places they did not use', async () => {
    const sunday = await createSession();
    const id = (await ask(sunday, 'When is the baptism?', from('203.0.113.40'))).body.id as number;
    const phones = await Promise.all(Array.from({ length: 40 }, () => phone(sunday, '203.0.113.41')));
    const vote = (device: Headers) =>
      qna.app.call('POST', voteUrl(sunday, id), undefined, from('203.0.113.41', device));

    // 40 phones, the first ten tapping twice, in one go: the taps share batches, and each device counts once.
    const answers = await Promise.all([...phones, ...phones.slice(0, 10)].map(vote));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await votesOf(sunday, id)).toBe(40);

    // The repeated taps gave their places back: ten more phones fit, then the address's share is full.
    const more = await Promise.all(Array.from({ length: 13 }, () => phone(sunday, '203.0.113.41')));
    const late = await Promise.all(more.map(vote));
    expect(late.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(late.filter((answer) => answer.status === 429)).toHaveLength(3);
    expect(await votesOf(sunday, id)).toBe(50);
  });
});
