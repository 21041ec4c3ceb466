import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answer-rules.js';

describe("a poll answer's rules", () => {
  it("keeps a words answer's words lower case, each once, without what surrounds them", () => {
    expect(checkAnswer('words', 0, { text: '  Grace, GRACE!  "hope" self-control ' })).toEqual({
      answer: { choices: [], text: 'grace hope self-control' },
    });
  });

  it('counts the words after dropping what surrounds them', () => {
    expect(checkAnswer('words', 0, { text: '... !!! ?' })).toEqual({
      errors: { text: ['This field may not be blank.'] },
    });
    expect(checkAnswer('words', 0, { text: 'a b c d' })).toEqual({ errors: { text: ['Give no more than 3 words.'] } });
  });

  it('orders the choices of a multi and refuses one out of range', () => {
    expect(checkAnswer('multi', 3, { choices: [2, 0] })).toEqual({ answer: { choices: [0, 2], text: '' } });
    expect(checkAnswer('rating', 5, { choices: [5] })).toEqual({
      errors: { choices: ['Choose options of this poll, from 0 to 4.'] },
    });
  });
});
