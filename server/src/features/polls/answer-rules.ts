import {
  BLANK,
  POLL_WORD_MAX,
  POLL_WORDS_MOST,
  REQUIRED,
  type FieldErrors,
  type MyPollAnswer,
  type PollType,
  type pollAnswerSchema,
} from '@gather/contracts';
import type { z } from 'zod';

type Sent = z.output<typeof pollAnswerSchema>;
/** Letters and digits, and marks inside a word ("don't", "self-control"); what is around a word is dropped. */
const AROUND_A_WORD = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * A device's answer as it is stored (positions, or text: a words answer's words lower case, each once, one
 * space apart), or the per-field messages of why it does not fit the poll.
 */
export function checkAnswer(
  type: PollType,
  optionCount: number,
  sent: Sent,
): { answer: MyPollAnswer } | { errors: FieldErrors } {
  if (type === 'words') return checkWords(sent.text);
  if (type === 'text') {
    if (sent.text === undefined) return { errors: { text: [REQUIRED] } };
    if (!sent.text) return { errors: { text: [BLANK] } };
    return { answer: { choices: [], text: sent.text } };
  }
  const choices = sent.choices;
  if (choices === undefined) return { errors: { choices: [REQUIRED] } };
  const one = type !== 'multi';
  if (one && choices.length !== 1) return { errors: { choices: ['Choose exactly one option.'] } };
  if (!one && choices.length === 0) return { errors: { choices: ['Choose at least one option.'] } };
  if (choices.some((position) => position < 0 || position >= optionCount)) {
    return { errors: { choices: [`Choose options of this poll, from 0 to ${optionCount - 1}.`] } };
  }
  if (new Set(choices).size !== choices.length) return { errors: { choices: ['Choose each option once.'] } };
  return { answer: { choices: [...choices].sort((a, b) => a - b), text: '' } };
}

function checkWords(text: string | undefined): { answer: MyPollAnswer } | { errors: FieldErrors } {
  if (text === undefined) return { errors: { text: [REQUIRED] } };
  // A word given twice counts once, towards the limit too.
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(AROUND_A_WORD, ''))
        .filter(Boolean),
    ),
  ];
  if (words.length === 0) return { errors: { text: [BLANK] } };
  if (words.length > POLL_WORDS_MOST) {
    return { errors: { text: [`Give no more than ${POLL_WORDS_MOST} words.`] } };
  }
  if (words.some((word) => word.length > POLL_WORD_MAX)) {
    return { errors: { text: [`Ensure each word has no more than ${POLL_WORD_MAX} characters.`] } };
  }
  return { answer: { choices: [], text: words.join(' ') } };
}
