import type { RegistrationQuestion, RegistrationSettings } from '@gather/contracts';
import { fromDateTimeInput, toDateTimeInput } from '../../lib/church-time';

/** A question as its form holds it: the choices one to a line. */
export interface QuestionValues {
  id: string;
  label: string;
  kind: RegistrationQuestion['kind'];
  required: boolean;
  choices: string;
}

/** The sign-up form's fields as the inputs hold them: numbers and times as typed. */
export interface SettingsValues {
  enabled: boolean;
  capacity: string;
  waitlist: boolean;
  opens_at: string;
  closes_at: string;
  max_party: string;
  accept_hours: string;
  questions: QuestionValues[];
}

export function settingsValues(settings: RegistrationSettings): SettingsValues {
  return {
    enabled: settings.enabled,
    capacity: String(settings.capacity),
    waitlist: settings.waitlist,
    opens_at: toDateTimeInput(settings.opens_at),
    closes_at: toDateTimeInput(settings.closes_at),
    max_party: String(settings.max_party),
    accept_hours: String(settings.accept_hours),
    questions: settings.questions.map((question) => ({ ...question, choices: question.choices.join('\n') })),
  };
}

/** A new question's id: answers are kept under it, so it never changes once asked, whatever the label becomes. */
export function newQuestion(): QuestionValues {
  const id = `q_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  return { id, label: '', kind: 'text', required: false, choices: '' };
}

/** An empty number is left for the server to name as missing, rather than sent as 0. */
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** The body of PUT /api/admin/events/{id}/registration/. */
export function settingsPayload(values: SettingsValues) {
  return {
    enabled: values.enabled,
    capacity: numberOf(values.capacity),
    waitlist: values.waitlist,
    opens_at: fromDateTimeInput(values.opens_at),
    closes_at: fromDateTimeInput(values.closes_at),
    max_party: numberOf(values.max_party),
    accept_hours: numberOf(values.accept_hours),
    questions: values.questions.map((question) => ({
      id: question.id,
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices:
        question.kind === 'choice'
          ? question.choices
              .split('\n')
              .map((choice) => choice.trim())
              .filter(Boolean)
          : [],
    })),
  };
}
