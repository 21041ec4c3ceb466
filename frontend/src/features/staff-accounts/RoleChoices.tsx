import { STAFF_ROLES, type StaffRole } from '@gather/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Choice, ChoiceGroup } from '../../components/Field';

/** What each role opens, as the staff guide tells it. */
export const ROLE_LABELS: Record<StaffRole, { name: string; opens: string }> = {
  administrator: { name: 'Administrator', opens: 'everything, with staff accounts and the activity log' },
  content: { name: 'Content', opens: 'homepage, services, events, sermons and media' },
  live: { name: 'Live', opens: 'Q&A moderation, photo collections and gatherings' },
  mail: { name: 'Mail', opens: 'Send Emails and who may be e-mailed' },
  finance: { name: 'Finance', opens: 'pledges, gifts, Gift Aid, giving notices, and People' },
  pastoral: { name: 'Pastoral', opens: 'the contact inbox and connect cards' },
};

/** One box per role; at least one must be ticked. */
export function RoleChoices({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  return (
    <ChoiceGroup legend="Roles" error={error} required>
      {STAFF_ROLES.map((role) => (
        <Choice
          key={role}
          type="checkbox"
          value={role}
          label={
            <>
              <strong>{ROLE_LABELS[role].name}</strong>: {ROLE_LABELS[role].opens}
            </>
          }
          {...register}
        />
      ))}
    </ChoiceGroup>
  );
}
