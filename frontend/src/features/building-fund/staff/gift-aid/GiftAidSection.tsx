import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button';
import { Field, Input } from '../../../../components/Field';
import { Alert, Badge } from '../../../../components/States';
import { useToast } from '../../../../components/Toast';
import { ApiError } from '../../../../lib/api';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useCancelDeclaration, useDeclarations, useGiftAidClaims, usePrepareClaim } from './api';
import styles from './GiftAidSection.module.css';

/** Gift Aid for the treasurer: claims for HMRC by date range, and a donor's declarations. */
export function GiftAidSection() {
  return (
    <section className={styles.section} aria-labelledby="gift-aid-title">
      <h2 id="gift-aid-title">Gift Aid</h2>
      <ClaimForm />
      <ClaimList />
      <Declarations />
    </section>
  );
}

function ClaimForm() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const prepare = usePrepareClaim();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const claim = await prepare.mutateAsync({ from, to });
      toast.success(`Claim prepared: ${claim.gift_count} gifts, ${formatMoney(claim.total, 'GBP')}.`);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields) setErrors({ from: fields.from?.[0], to: fields.to?.[0] });
      else toast.error(error instanceof ApiError && error.detail ? error.detail : 'The claim could not be prepared.');
    }
  };

  return (
    <form className={styles.claimForm} onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Gifts received from" required error={errors.from}>
        {(control) => <Input {...control} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
      </Field>
      <Field label="To" required error={errors.to}>
        {(control) => <Input {...control} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
      </Field>
      <Button type="submit" busy={prepare.isPending} busyText="Preparing...">
        Prepare claim
      </Button>
    </form>
  );
}

function ClaimList() {
  const claims = useGiftAidClaims();
  if (claims.isPending) return null;
  if (claims.isError) return <Alert>Error loading Gift Aid claims</Alert>;
  if (!claims.data.length) return <p>No claims yet.</p>;
  return (
    <table className={styles.table}>
      <caption>Claims prepared</caption>
      <thead>
        <tr>
          <th scope="col">Claim</th>
          <th scope="col">Gifts received</th>
          <th scope="col">Gifts</th>
          <th scope="col">Total</th>
          <th scope="col">Files for HMRC</th>
        </tr>
      </thead>
      <tbody>
        {claims.data.map((claim) => (
          <tr key={claim.id}>
            <td>#{claim.id}</td>
            <td>
              {formatDate(claim.from)} to {formatDate(claim.to)}
            </td>
            <td>{claim.gift_count}</td>
            <td>{formatMoney(claim.total, 'GBP')}</td>
            <td>
              {claim.parts.map((url, index) => (
                <a key={url} href={url} download className={styles.part}>
                  Part {index + 1} (CSV)
                </a>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Declarations() {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const declarations = useDeclarations(email);
  const cancel = useCancelDeclaration(email);
  return (
    <div>
      <form
        className={styles.claimForm}
        onSubmit={(event) => {
          event.preventDefault();
          setEmail(typed.trim().toLowerCase());
        }}
      >
        <Field label="Donor's e-mail address">
          {(control) => (
            <Input {...control} type="email" value={typed} onChange={(event) => setTyped(event.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="secondary">
          Show declarations
        </Button>
      </form>
      {declarations.isError && <Alert>Error loading declarations</Alert>}
      {declarations.data && declarations.data.length === 0 && <p>No Gift Aid declarations for {email}.</p>}
      {declarations.data && declarations.data.length > 0 && (
        <ul className={styles.declarations}>
          {declarations.data.map((declaration) => (
            <li key={declaration.id}>
              {[declaration.title, declaration.first_name, declaration.last_name].filter(Boolean).join(' ')},{' '}
              {declaration.house_name_or_number}, {declaration.postcode}: declared {formatDate(declaration.declared_on)}
              {declaration.used_in_claim && <Badge tone="indigo">used in a claim</Badge>}{' '}
              {declaration.cancelled_at ? (
                <Badge tone="grey">cancelled {formatDate(declaration.cancelled_at)}</Badge>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => cancel.mutate(declaration.id)}>
                  Cancel declaration
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
