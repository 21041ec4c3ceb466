import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

/**
 * A form checked in the browser by the same zod schema the server checks it with, so a visitor
 * sees the server's own rules (and words) before sending.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  /** When fields are first checked: as each is left (the default), or only once the form is sent. */
  mode: 'onTouched' | 'onSubmit' = 'onTouched',
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode,
  });
  // Each field also carries its default as the element's own, so a form the server drew shows its
  // defaults (a chosen option, a date) before the script takes it over.
  const register: typeof form.register = (name, options) => {
    const registered = form.register(name, options);
    const initial = (defaultValues as Record<string, unknown>)[name];
    return typeof initial === 'string' ? { ...registered, defaultValue: initial } : registered;
  };
  return { ...form, register };
}

/**
 * Puts the server's per-field messages under their fields (the first message of each, as the
 * spec asks). Returns false when the error carried none, so the caller shows its general message.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
): boolean {
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  if (!fields) return false;
  let shown = false;
  for (const [field, messages] of Object.entries(fields)) {
    if (!messages[0]) continue;
    setError(field as Path<Values>, { type: 'server', message: messages[0] }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** The server's word on an uploaded picture: the message under its field, or why it refused the file (413, 415). */
export function pictureProblem(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.fieldErrors?.[field]?.[0];
  if (message) return message;
  return error.status === 413 || error.status === 415 ? (error.detail ?? null) : null;
}
