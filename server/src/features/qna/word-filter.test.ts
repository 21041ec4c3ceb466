import { describe, expect, it } from 'vitest';
import { WordFilter } from './word-filter.js';

const filter = new WordFilter();

describe('the Q&A word filter', () => {
  it('catches common bad words, plainly or disguised as people type them', () => {
    for (const text of ['What the shit is this?', 'sh1t happens', 'f u c k this', 'F.U.C.K', 'shiiiit']) {
      expect({ text, caught: filter.catches([text], []) }).toEqual({ text, caught: true });
    }
  });

  it('lets ordinary questions through, words that merely contain a listed one too', () => {
    const questions = [
      'How can we pray for the class of 2026?',
      'Will you assess the Scunthorpe mission?',
      'Is the cocktail party after the service?',
      'Can I bring my a b c book for the children?',
    ];
    for (const text of questions) expect({ text, caught: filter.catches([text], []) }).toEqual({ text, caught: false });
  });

  it("adds a session's own words, their plurals and endings, and reads their pattern characters literally", () => {
    expect(filter.catches(['Tell us about the gossip'], ['gossip'])).toBe(true);
    expect(filter.catches(['Stop gossiping, please'], ['gossip'])).toBe(true);
    expect(filter.catches(['g.o.s.s.i.p in the choir'], ['gossip'])).toBe(true);
    expect(filter.catches(['Tell us about the gossip'], [])).toBe(false);
    expect(filter.catches(['a?b'], ['a?b'])).toBe(true);
    expect(filter.catches(['ab'], ['a?b'])).toBe(false);
  });

  it('looks at every text of a question: its words and the name it is asked under', () => {
    expect(filter.catches(['A kind question', 'shit'], [])).toBe(true);
  });
});
