import type { RegistrationQuestion, RegistrationState } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Field, Input, Select } from '../../components/Field';
import { NewsletterConsent } from '../../components/NewsletterConsent';
import { ApiError } from '../../lib/api';
import { usePlacesLeft, useRegister } from './registration';
import styles from './SignUpPanel.module.css';

/**
 * The event page's sign-up: places left (drawn on the server, then kept current live) and the form. Before the
 * page's script has loaded the form posts as a plain form, and the API sends the visitor back here with the outcome.
 */
export function SignUpPanel({ eventId, state }: { eventId: number; state: RegistrationState }) {
  usePlacesLeft(eventId, state.enabled);
  const [params] = useSearchParams();
  const register = useRegister(eventId);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<string>();
  if (!state.enabled) return null;

  const outcome = done ?? outcomeOf(params);
  const problem = params.get('sign_up_error') ?? errors.detail?.[0];
  const full = state.places_left === 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const answers: Record<string, string | boolean> = {};
    for (const question of state.questions) {
      const value = String(fields.get(`answers.${question.id}`) ?? '');
      if (value) answers[question.id] = question.kind === 'yes_no' ? value === 'yes' : value;
    }
    try {
      const answer = await register.mutateAsync({
        name: fields.get('name'),
        email: fields.get('email'),
        party: Number(fields.get('party') ?? 1),
        answers,
        newsletter_consent: fields.get('newsletter_consent') === 'on',
      });
      setErrors({});
      setDone(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.body as Record<string, string[]>);
    }
  }

  return (
    <section id="sign-up" className={styles.panel} aria-labelledby="sign-up-title">
      <h2 id="sign-up-title" className={styles.title}>
        Sign up
      </h2>
      <p className={styles.places} aria-live="polite">
        {full
          ? state.waitlist
            ? 'Full: join the waiting list'
            : 'Full'
          : `${state.places_left} ${state.places_left === 1 ? 'place' : 'places'} left`}
      </p>
      {outcome && (
        <p role="status" className={styles.done}>
          {outcome}
        </p>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {!outcome && !state.open && <p>Sign-ups are closed.</p>}
      {!outcome && state.open && (!full || state.waitlist) && (
        <form method="post" action={`/api/events/${eventId}/register/form/`} onSubmit={submit} noValidate>
          <Field label="Name" required error={errors.name?.[0]}>
            {(control) => <Input {...control} name="name" autoComplete="name" required maxLength={100} />}
          </Field>
          <Field label="Email" required error={errors.email?.[0]}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="email" required />}
          </Field>
          {state.max_party > 1 && (
            <Field label="How many people (you included)" error={errors.party?.[0]}>
              {(control) => (
                <Select {...control} name="party" defaultValue="1">
                  {Array.from({ length: state.max_party }, (_, index) => (
                    <option key={index}>{index + 1}</option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {state.questions.map((question) => (
            <QuestionField key={question.id} question={question} error={errors[`answers.${question.id}`]?.[0]} />
          ))}
          <NewsletterConsent name="newsletter_consent" />
          <Button type="submit" block busy={register.isPending} busyText="Signing up...">
            {full ? 'Join the waiting list' : 'Sign up'}
          </Button>
        </form>
      )}
    </section>
  );
}

function QuestionField({ question, error }: { question: RegistrationQuestion; error?: string }) {
  const name = `answers.${question.id}`;
  return (
    <Field label={question.label} required={question.required} error={error}>
      {(control) =>
        question.kind === 'text' ? (
          <Input {...control} name={name} maxLength={500} required={question.required} />
        ) : (
          <Select {...control} name={name} defaultValue="" required={question.required}>
            <option value="">Choose…</option>
            {(question.kind === 'yes_no' ? ['yes', 'no'] : question.choices).map((choice) => (
              <option key={choice} value={choice}>
                {question.kind === 'yes_no' ? (choice === 'yes' ? 'Yes' : 'No') : choice}
              </option>
            ))}
          </Select>
        )
      }
    </Field>
  );
}

/** What the plain form's post came back with. */
function outcomeOf(params: URLSearchParams): string | undefined {
  const status = params.get('signed_up');
  if (status === 'confirmed') return 'You are signed up. Your ticket is on its way by e-mail.';
  if (status === 'waitlisted')
    return `The event is full: you are number ${params.get('place') ?? ''} on the waiting list. We will e-mail you if a place comes free.`;
  return undefined;
}
