import { useEffect, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

/**
 * A schema, or how to load it: a public page passes `() => import('@gather/contracts').then(...)`
 * so zod (a third of a public page's JavaScript) is not part of what a phone loads first.
 */
export type SchemaSource<Schema> = Schema | (() => Promise<Schema>);

/**
 * Checks with `source` once zod and the schema have loaded: they start loading at the visitor's
 * first focus or touch anywhere on the page, long before a field is left or the form sent.
 */
function lazyResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  source: SchemaSource<Schema>,
): { resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>>; load: () => void } {
  type Checker = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let ready: Promise<Checker> | undefined;
  const load = () => {
    ready ??= Promise.all([typeof source === 'function' ? source() : source, import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Checker,
    );
    return ready;
  };
  return { resolver: async (...args) => (await load())(...args), load: () => void load() };
}

/**
 * A form checked in the browser by the same zod schema the server checks it with, so a visitor
 * sees the server's own rules (and words) before sending.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  source: SchemaSource<Schema>,
  defaultValues: DefaultValues<z.input<Schema>>,
  /** When fields are first checked: as each is left (the default), or only once the form is sent. */
  mode: 'onTouched' | 'onSubmit' = 'onTouched',
) {
  const [{ resolver, load }] = useState(() => lazyResolver(source));
  useEffect(() => {
    const options = { once: true, capture: true, passive: true } as const;
    document.addEventListener('focusin', load, options);
    document.addEventListener('pointerdown', load, options);
    return () => {
      document.removeEventListener('focusin', load, options);
      document.removeEventListener('pointerdown', load, options);
    };
  }, [load]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({ resolver, defaultValues, mode });
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
  if (error.status !== 413 && error.status !== 415) return null;
  // A refused file is answered 413 or 415 with its message under the file's field, or as the detail.
  const messages = typeof error.body === 'object' && error.body ? (error.body as Record<string, unknown>)[field] : null;
  return (Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : error.detail) ?? null;
}
