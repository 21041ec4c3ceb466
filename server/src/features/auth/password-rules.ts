import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../platform/errors.js';

// Nearly fifty thousand of the passwords most often found in leaks (the zxcvbn project's list, MIT).
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

// Words in many churches' names: refusing "church" alone would refuse passwords that say nothing about this one.
const GENERIC_WORDS = new Set(['the', 'church', 'chapel', 'parish', 'saint', 'community', 'fellowship']);

export const COMMON_PASSWORD = 'This password is one of the most common ones: choose one that is harder to guess';
export const PASSWORD_HAS_USERNAME = 'The password must not contain the username';
export const PASSWORD_HAS_CHURCH_NAME = "The password must not contain the church's name";

/** Letters and digits only, so "Gather-Church" and "gather church" count as the same words. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Why a new staff password is refused, or undefined when it is fine (ASVS 6.2: no common passwords,
 * none built on the account's or the site's own name). Its length is checked by the request's schema.
 */
export function passwordProblem(
  password: string,
  context: { username: string; churchName: string },
): string | undefined {
  const candidate = plain(password);
  if (COMMON.has(password.toLowerCase()) || COMMON.has(candidate)) return COMMON_PASSWORD;
  const username = plain(context.username);
  if (username && candidate.includes(username)) return PASSWORD_HAS_USERNAME;
  const church = plain(context.churchName);
  const churchWords = context.churchName
    .split(/[^\p{L}\p{N}]+/u)
    .map(plain)
    .filter((word) => word.length >= 4 && !GENERIC_WORDS.has(word));
  if ((church && candidate.includes(church)) || churchWords.some((word) => candidate.includes(word))) {
    return PASSWORD_HAS_CHURCH_NAME;
  }
  return undefined;
}

/** Refuses a new password with a 400 naming its field, as the form shows it beside that field. */
export function checkNewPassword(
  field: string,
  password: string,
  context: { username: string; churchName: string },
): void {
  const problem = passwordProblem(password, context);
  if (problem) throw AppError.invalid({ [field]: [problem] });
}
