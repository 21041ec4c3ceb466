import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { MessageAnswer } from '@gather/contracts';
import { ApiError } from './api';
import { showServerFieldErrors, useSchemaForm, type SchemaSource } from './forms';
import { useSpamCheck } from './spam-check';

export const FORM_FAILURE = 'There was an error submitting your form. Please try again.';

export type FormOutcome = { tone: 'success' | 'error'; text: string } | null;

/** A visitor sending too much is told how long to wait (the server's words); anything else gets `fallback`. */
export function failureText(error: unknown, fallback = FORM_FAILURE): string {
  if (error instanceof ApiError && error.status === 429 && error.detail) return error.detail;
  return fallback;
}

/**
 * A public form from start to finish: checked in the browser by the server's own schema, sent once
 * with the spam check (render `spamTrap` in the form), reset with the server's thanks on success, the
 * server's field messages under their fields otherwise.
 */
export function useVisitorForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<Schema>,
  defaults: DefaultValues<z.input<Schema>>,
  options: {
    send: (values: z.output<Schema>) => Promise<MessageAnswer | undefined>;
    thanks: string;
    failure?: string;
  },
) {
  // Checked first on sending, then as the visitor corrects: an error appearing as a field is left
  // would push the send button away from under a pointer already on its way to it.
  const form = useSchemaForm(schema, defaults, 'onSubmit');
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const mutation = useMutation({ mutationFn: options.send });
  const spamCheck = useSpamCheck();
  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await mutation.mutateAsync(spamCheck.stamp(values));
      form.reset(defaults);
      setOutcome({ tone: 'success', text: answer?.message || options.thanks });
    } catch (error) {
      if (!showServerFieldErrors(form.setError, error))
        setOutcome({ tone: 'error', text: failureText(error, options.failure) });
    }
  });
  return { form, onSubmit, sending: mutation.isPending, outcome, spamTrap: spamCheck.trap };
}
