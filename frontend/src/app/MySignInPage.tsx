import { SecurityPage } from '../features/auth/security/SecurityPage';
import { ChangeMyPasswordForm } from '../features/staff-accounts/ChangeMyPasswordForm';

/** Every staff member's own sign-in, whatever their roles: two-step sign-in and their password, on one page. */
export function MySignInPage() {
  return (
    <SecurityPage>
      <ChangeMyPasswordForm />
    </SecurityPage>
  );
}
