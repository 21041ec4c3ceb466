import { changeMyPasswordSchema } from '@gather/contracts';
import { Field, Input } from '../../components/Field';
import { useSchemaForm } from '../../lib/forms';
import { NEW_PASSWORD_HINT } from './password-hint';

/** The form of a staff member replacing their own password: from Staff Accounts, or after a one-time password. */
export function useMyPasswordForm() {
  return useSchemaForm(changeMyPasswordSchema, { current_password: '', new_password: '' }, 'onSubmit');
}

/** The current password, under the name the page gives it, and the new one with the rules it must meet. */
export function MyPasswordFields({
  form,
  currentLabel,
  autoFocus = false,
}: {
  form: ReturnType<typeof useMyPasswordForm>;
  currentLabel: string;
  autoFocus?: boolean;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field label={currentLabel} error={errors.current_password?.message} required>
        {(control) => (
          <Input
            {...control}
            {...form.register('current_password')}
            type="password"
            autoComplete="current-password"
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label="New password" error={errors.new_password?.message} hint={NEW_PASSWORD_HINT} required>
        {(control) => (
          <Input {...control} {...form.register('new_password')} type="password" autoComplete="new-password" />
        )}
      </Field>
    </>
  );
}
