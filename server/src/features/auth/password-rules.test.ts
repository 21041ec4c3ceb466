import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, PASSWORD_HAS_CHURCH_NAME, PASSWORD_HAS_USERNAME, passwordProblem } from './password-rules.js';

const context = { username: 'deacon_ruth', churchName: 'Gather Church' };

describe('a new staff password', () => {
  it('is checked against a list of well over the 10,000 most common passwords', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    // The 10,000th, 20,000th and last of the list are refused as surely as the first.
    for (const common of [list[0]!, list[9_999]!, list[19_999]!, list.at(-1)!]) {
      expect(passwordProblem(common.toUpperCase(), context), common).toBe(COMMON_PASSWORD);
    }
  });

  it("is refused for the username or the church's distinctive name, but not for the word church alone", () => {
    expect(passwordProblem('my DEACON_RUTH key', context)).toBe(PASSWORD_HAS_USERNAME);
    expect(passwordProblem('gather-2026-sunday', context)).toBe(PASSWORD_HAS_CHURCH_NAME);
    expect(passwordProblem('my church on the hill', context)).toBeUndefined();
  });
});
