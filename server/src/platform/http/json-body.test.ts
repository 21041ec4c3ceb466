import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './json-body.js';

const deeperThan2 = (json: string) => nestedDeeperThan(Buffer.from(json), 2);

describe('nestedDeeperThan', () => {
  it('counts lists and objects inside one another', () => {
    expect(deeperThan2('{"a":[1]}')).toBe(false);
    expect(deeperThan2('{"a":[[1]]}')).toBe(true);
    expect(deeperThan2('[{}, [], {"b": 1}, [2]]')).toBe(false);
    expect(deeperThan2('[{}, {"b": [3]}]')).toBe(true);
  });

  it('does not count brackets inside text, however the text escapes its quotes and backslashes', () => {
    expect(deeperThan2('{"a":"[[[{{{"}')).toBe(false);
    expect(deeperThan2('{"a":"\\"[[[{{{"}')).toBe(false);
    // An escaped backslash ends just before the closing quote: what follows is outside the text again.
    expect(deeperThan2('{"a":"\\\\", "b":[[1]]}')).toBe(true);
    expect(deeperThan2('{"a\\"[[":"x"}')).toBe(false);
  });

  it('reads text in any language as text', () => {
    expect(deeperThan2(JSON.stringify({ a: 'Grâce 恵み 🙏 [[[' }))).toBe(false);
  });
});
