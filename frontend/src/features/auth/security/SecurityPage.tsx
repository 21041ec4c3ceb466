import { holdsRole } from '@gather/contracts/staff-roles';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Choice } from '../../../components/Field';
import { Alert, LoadingState } from '../../../components/States';
import { useLogout, useStaffUser } from '../api';
import {
  useProvenChange,
  useSecondFactorStatus,
  useSetRequiredForAllStaff,
  type ProvenChange,
} from '../second-factor-api';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { PasskeysCard } from './PasskeysCard';
import { ProofModal } from './ProofModal';
import { RecoveryCodesShown } from './RecoveryCodesShown';
import styles from './Security.module.css';

const CHANGE_TITLES: Record<ProvenChange['kind'], string> = {
  authenticator: 'Remove the authenticator app',
  passkey: 'Remove the passkey',
  'recovery-codes': 'Make new recovery codes',
};

/**
 * Two-step sign-in for the signed-in staff member: the authenticator app, passkeys, recovery codes; `children`
 * (their password) once the session is not limited to setting up a factor.
 */
export function SecurityPage({ children }: { children?: ReactNode }) {
  const me = useStaffUser();
  const status = useSecondFactorStatus();
  const proven = useProvenChange();
  const policy = useSetRequiredForAllStaff();
  const logout = useLogout();
  const [codes, setCodes] = useState<string[]>();
  const [change, setChange] = useState<ProvenChange>();

  if (status.isPending) return <LoadingState />;
  if (!status.data) return <Alert>We couldn't load your sign-in settings. Please reload.</Alert>;
  const {
    authenticator,
    passkeys,
    recovery_codes_left: recoveryCodesLeft,
    required,
    required_for_all_staff: requiredForAllStaff,
  } = status.data;
  const mustEnrol = Boolean(me.data?.must_enrol);
  const administrator = Boolean(me.data && holdsRole(me.data.roles, ['administrator']));
  const closeChange = () => {
    proven.reset();
    setChange(undefined);
  };

  return (
    <main className={styles.page}>
      <div className={styles.row}>
        <h1 className={styles.title}>Two-step sign-in</h1>
        {mustEnrol ? (
          <Button variant="secondary" size="sm" onClick={() => logout.mutate()}>
            Sign out
          </Button>
        ) : (
          <Link to="/admin/dashboard">Back to the dashboard</Link>
        )}
      </div>
      {mustEnrol && (
        <Alert tone="warning">
          The church asks every staff account for a second step when signing in. Set up a passkey or an authenticator
          app to continue.
        </Alert>
      )}
      {!mustEnrol && required && !authenticator && passkeys.length === 0 && (
        <Alert tone="warning">Your account needs a second factor: set one up below.</Alert>
      )}
      <p className={styles.muted}>
        After your password, the console asks for something only you have: a passkey on this device, or a code from an
        authenticator app on your phone.
      </p>
      {codes && <RecoveryCodesShown codes={codes} />}

      <PasskeysCard
        passkeys={passkeys}
        onRecoveryCodes={setCodes}
        onRemove={(passkey) => setChange({ kind: 'passkey', id: passkey.id, name: passkey.name })}
      />

      <section className={styles.card} aria-labelledby="authenticator">
        <h2 id="authenticator" className={styles.heading}>
          Authenticator app
        </h2>
        {authenticator ? (
          <div className={styles.row}>
            <span>Set up: sign-in asks for its 6-digit code.</span>
            <Button variant="quietDanger" size="sm" onClick={() => setChange({ kind: 'authenticator' })}>
              Remove the authenticator app
            </Button>
          </div>
        ) : (
          <AuthenticatorSetup onRecoveryCodes={setCodes} />
        )}
      </section>

      {(authenticator || passkeys.length > 0) && (
        <section className={styles.card} aria-labelledby="recovery">
          <h2 id="recovery" className={styles.heading}>
            Recovery codes
          </h2>
          <div className={styles.row}>
            <span>{recoveryCodesLeft} of 10 unused.</span>
            <Button variant="secondary" size="sm" onClick={() => setChange({ kind: 'recovery-codes' })}>
              Make new recovery codes
            </Button>
          </div>
        </section>
      )}

      {!mustEnrol && children}

      {!mustEnrol && administrator && (
        <section className={styles.card} aria-labelledby="church-setting">
          <h2 id="church-setting" className={styles.heading}>
            For the whole church
          </h2>
          <Choice
            type="checkbox"
            label="Require two-step sign-in for every staff account"
            checked={requiredForAllStaff}
            disabled={policy.isPending}
            onChange={(event) => policy.mutate(event.target.checked)}
          />
          <p className={styles.muted}>Staff without one set it up at their next sign-in.</p>
        </section>
      )}

      {change && (
        <ProofModal
          title={change.kind === 'passkey' ? `Remove the passkey “${change.name}”` : CHANGE_TITLES[change.kind]}
          action={change.kind === 'recovery-codes' ? 'Make new codes' : 'Remove'}
          busy={proven.isPending}
          error={proven.error}
          onClose={closeChange}
          onProof={(proof) =>
            proven.mutate(
              { change, proof },
              {
                onSuccess: (answer) => {
                  if (answer) setCodes(answer.recovery_codes);
                  closeChange();
                },
              },
            )
          }
        />
      )}
    </main>
  );
}
