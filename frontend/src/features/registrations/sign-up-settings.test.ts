import { describe, expect, it } from 'vitest';
import { newQuestion, settingsPayload, settingsValues } from './sign-up-settings';

describe('the sign-up form', () => {
  it('sends what staff typed as the API reads it: numbers, instants on the church clock, choices one a line', () => {
    const values = settingsValues({
      enabled: false,
      capacity: 50,
      waitlist: true,
      opens_at: null,
      closes_at: '2026-07-05T17:30:00.000Z',
      max_party: 1,
      accept_hours: 24,
      questions: [],
    });
    expect(values.closes_at).toBe('2026-07-05T18:30');
    const question = { ...newQuestion(), label: 'Meal', kind: 'choice' as const, choices: ' Fish \n\nVegetarian\n' };
    const payload = settingsPayload({
      ...values,
      enabled: true,
      max_party: '4',
      accept_hours: '',
      questions: [question],
    });
    expect(payload).toMatchObject({
      enabled: true,
      capacity: 50,
      max_party: 4,
      accept_hours: undefined,
      opens_at: null,
      closes_at: '2026-07-05T18:30:00+01:00',
      questions: [{ id: question.id, label: 'Meal', kind: 'choice', required: false, choices: ['Fish', 'Vegetarian'] }],
    });
    expect(question.id).toMatch(/^[a-z0-9_]{1,30}$/);
  });

  it('sends no choices for a question that is not a choice', () => {
    const question = { ...newQuestion(), label: 'Age', choices: 'left over' };
    const values = { ...settingsValues({ ...emptySettings }), questions: [question] };
    expect(settingsPayload(values).questions[0]!.choices).toEqual([]);
  });
});

const emptySettings = {
  enabled: true,
  capacity: 10,
  waitlist: false,
  opens_at: null,
  closes_at: null,
  max_party: 2,
  accept_hours: 24,
  questions: [],
};
