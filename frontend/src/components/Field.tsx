import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './Field.module.css';

/** What a control needs to be tied to its label, hint and error for screen readers. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the field, in red, and read out with it. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A label above its control and the error under it: the one field layout of every form. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The search box over a staff list, one for all so every list is searched alike. */
export function SearchField({
  label = 'Search',
  hint,
  value,
  onSearch,
}: {
  label?: string;
  hint: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Input
          {...control}
          type="search"
          placeholder={hint}
          value={value}
          onChange={(event) => onSearch(event.target.value)}
        />
      )}
    </Field>
  );
}

export function Input({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
  return <input {...props} className={[styles.control, className].filter(Boolean).join(' ')} />;
}

export function TextArea({
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return (
    <textarea rows={4} {...props} className={[styles.control, styles.textarea, className].filter(Boolean).join(' ')} />
  );
}

export function Select({
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  return <select {...props} className={[styles.control, styles.select, className].filter(Boolean).join(' ')} />;
}

/** A group of radios or checkboxes under one legend, with one error for the group. */
export function ChoiceGroup({
  legend,
  error,
  required,
  children,
}: {
  legend: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.label}>
        {legend}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className={styles.choices}>{children}</div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Choice({
  label,
  className,
  // The form's default for the whole field, not this box's value: the form ticks the box itself.
  defaultValue: _fieldDefault,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; ref?: React.Ref<HTMLInputElement> }) {
  return (
    <label className={[styles.choice, className].filter(Boolean).join(' ')}>
      <input {...props} />
      <span>{label}</span>
    </label>
  );
}
