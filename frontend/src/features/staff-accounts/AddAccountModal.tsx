import { staffAccountCreateSchema, type StaffPasswordIssued } from '@gather/contracts';
import { Choice, ChoiceGroup, Field, Input } from '../../components/Field';
import { FormModal } from '../../components/FormModal';
import formStyles from '../../components/FormModal.module.css';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { useAddAccount } from './api';
import { RoleChoices } from './RoleChoices';

export function AddAccountModal({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (issued: StaffPasswordIssued) => void;
}) {
  const add = useAddAccount();
  const toast = useToast();
  const form = useSchemaForm(staffAccountCreateSchema, {
    username: '',
    email: '',
    delivery: 'one-time-password',
    roles: [],
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((account) =>
    add.mutate(account, {
      onSuccess: onAdded,
      onError: (error) => {
        if (!showServerFieldErrors(form.setError, error)) toast.error('Could not add this account. Please try again.');
      },
    }),
  );

  return (
    <FormModal
      id="add-staff-account"
      title="Add staff account"
      saveLabel="Add account"
      saving={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Username" error={errors.username?.message} required>
        {(control) => <Input {...control} {...form.register('username')} autoComplete="off" />}
      </Field>
      <Field label="Email" error={errors.email?.message} hint="Needed to e-mail a set-password link.">
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="off" />}
      </Field>
      <div className={formStyles.wide}>
        <ChoiceGroup legend="Their first password" error={errors.delivery?.message} required>
          <Choice
            type="radio"
            value="one-time-password"
            label="Show me a one-time password to give them"
            {...form.register('delivery')}
          />
          <Choice
            type="radio"
            value="email-link"
            label="E-mail them a link to set their own"
            {...form.register('delivery')}
          />
        </ChoiceGroup>
      </div>
      <div className={formStyles.wide}>
        <RoleChoices register={form.register('roles')} error={errors.roles?.message} />
      </div>
    </FormModal>
  );
}
