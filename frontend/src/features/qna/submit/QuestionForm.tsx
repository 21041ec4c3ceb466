import { QUESTION_CATEGORIES, QUESTION_NAME_MAX, QUESTION_TEXT_MAX, type QuestionCategory } from '@gather/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, Select, TextArea } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { useSubmitQuestion } from './api';
import styles from './QuestionSubmitPage.module.css';

/** After each question the button rests this long, so one tap cannot send a question twice. */
export const SUBMIT_PAUSE_MS = 1_000;
const TOAST_MS = 3_000;

export const CATEGORY_LABELS: Record<QuestionCategory, string> = {
  general: 'General',
  faith: 'Faith',
  church: 'Church',
  community: 'Community',
  youth: 'Youth',
  other: 'Other',
};

const EMPTY = { text: '', name: '', category: '' };

function failureMessage(error: unknown): string {
  // A full session is refused with a 400 whose message says so.
  if (error instanceof ApiError && error.status === 400 && error.detail) return error.detail;
  return 'Failed to submit question. Please try again.';
}

export function QuestionForm({ sessionId }: { sessionId: string }) {
  const form = useSchemaForm(
    () => import('@gather/contracts').then((contracts) => contracts.questionSubmissionSchema),
    EMPTY,
  );
  const { register, handleSubmit, watch, formState, setError, reset } = form;
  const submitQuestion = useSubmitQuestion(sessionId);
  const toast = useToast();
  const [paused, setPaused] = useState(false);
  const length = (watch('text') ?? '').length;

  useEffect(() => {
    if (!paused) return;
    const timer = setTimeout(() => setPaused(false), SUBMIT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  const submit = handleSubmit(async (question) => {
    try {
      await submitQuestion.mutateAsync(question);
      reset(EMPTY);
      toast.success('Your question has been sent to the moderators', {
        title: 'Question Submitted!',
        durationMs: TOAST_MS,
      });
    } catch (error) {
      if (!showServerFieldErrors(setError, error)) toast.error(failureMessage(error), { durationMs: TOAST_MS });
    } finally {
      setPaused(true);
    }
  });

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="ask-title">
      <h2 id="ask-title" className={styles.cardTitle}>
        Ask a Question
      </h2>
      <Field
        label="Your Question"
        required
        error={formState.errors.text?.message}
        hint={
          <span className={length >= QUESTION_TEXT_MAX ? styles.counterFull : undefined}>
            {length}/{QUESTION_TEXT_MAX} characters
          </span>
        }
      >
        {(control) => (
          <TextArea
            {...control}
            rows={5}
            maxLength={QUESTION_TEXT_MAX}
            placeholder="What would you like to ask?"
            {...register('text')}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Field label="Your Name (optional)" error={formState.errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={QUESTION_NAME_MAX}
              autoComplete="name"
              placeholder="Anonymous"
              {...register('name')}
            />
          )}
        </Field>
        <Field label="Category (optional)" error={formState.errors.category?.message}>
          {(control) => (
            <Select {...control} {...register('category')}>
              <option value="">Choose a category</option>
              {QUESTION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" size="lg" block busy={submitQuestion.isPending} busyText="Sending..." disabled={paused}>
        Submit Question
      </Button>
    </form>
  );
}
