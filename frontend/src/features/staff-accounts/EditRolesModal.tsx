import { staffAccountEditSchema, type StaffAccount } from '@gather/contracts';
import { FormModal } from '../../components/FormModal';
import formStyles from '../../components/FormModal.module.css';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { useEditRoles } from './api';
import { RoleChoices } from './RoleChoices';

/** Changing roles takes effect on the account's very next click, wherever it is signed in. */
export function EditRolesModal({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const edit = useEditRoles();
  const toast = useToast();
  const form = useSchemaForm(staffAccountEditSchema, { roles: account.roles });

  const submit = form.handleSubmit(({ roles }) =>
    edit.mutate(
      { id: account.id, roles },
      {
        onSuccess: () => {
          toast.success(`${account.username}'s roles changed.`);
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error))
            toast.error('Could not change the roles. Please try again.');
        },
      },
    ),
  );

  return (
    <FormModal
      id="edit-staff-roles"
      title={`Roles of ${account.username}`}
      saveLabel="Save roles"
      saving={edit.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={formStyles.wide}>
        <RoleChoices register={form.register('roles')} error={form.formState.errors.roles?.message} />
      </div>
    </FormModal>
  );
}
