import type { FieldErrors, RegistrationQuestion } from '@gather/contracts';

type Answers = Record<string, string | boolean>;

/**
 * A sign-up's answers checked against the event's own questions: only asked questions are kept, required ones
 * must be there, a choice must be one offered, yes/no must be true or false. Problems are keyed `answers.<id>`.
 */
export function checkAnswers(
  questions: RegistrationQuestion[],
  given: Answers,
): { answers: Answers; errors: FieldErrors } {
  const answers: Answers = {};
  const errors: FieldErrors = {};
  for (const question of questions) {
    const value = given[question.id];
    const blank = value === undefined || value === '';
    const field = `answers.${question.id}`;
    if (blank) {
      if (question.required) errors[field] = ['This field is required.'];
      continue;
    }
    if (question.kind === 'yes_no' && typeof value !== 'boolean') errors[field] = ['Must be true or false.'];
    else if (question.kind !== 'yes_no' && typeof value !== 'string') errors[field] = ['Must be text.'];
    else if (question.kind === 'choice' && !question.choices.includes(value as string))
      errors[field] = [`Choose one of: ${question.choices.join(', ')}.`];
    else answers[question.id] = value;
  }
  return { answers, errors };
}
