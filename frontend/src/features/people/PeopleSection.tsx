import type { PersonErased } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, DownloadButtonLink } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Alert, LoadingState } from '../../components/States';
import { ApiError } from '../../lib/api';
import { personExportPath, usePerson } from './api';
import { EraseDialog } from './EraseDialog';
import { PersonRecordView } from './PersonRecordView';
import staffPage from '../../components/StaffPage.module.css';
import styles from './PeopleSection.module.css';

/**
 * One person's data by e-mail address, for a subject access request or a request to be forgotten. The address
 * shown is in the page's address (`&email=`), so the command palette and Back open a person.
 */
export function PeopleSection() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') || null;
  const [typed, setTyped] = useState(email ?? '');
  const [shownFor, setShownFor] = useState(email);
  // A person opened from the palette while this section is on screen: the field follows the address.
  if (shownFor !== email) {
    setShownFor(email);
    setTyped(email ?? '');
  }
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<PersonErased | null>(null);
  const person = usePerson(email);
  const fieldError =
    person.error instanceof ApiError && person.error.status === 400 ? 'Enter a valid email address.' : undefined;

  function find(event: FormEvent) {
    event.preventDefault();
    setErased(null);
    const next = typed.trim().toLowerCase();
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next) changed.set('email', next);
      else changed.delete('email');
      return changed;
    });
  }

  return (
    <div className={staffPage.page}>
      <h1 className={staffPage.title}>People</h1>
      <p className={styles.intro}>
        Everything the church holds about one e-mail address: form submissions, pledges and gifts, consents,
        suppressions and e-mails sent, and questions and uploads under a name this person gave.
      </p>
      <form className={styles.search} onSubmit={find} role="search">
        <Field label="Email address" error={fieldError}>
          {(control) => (
            <Input {...control} type="email" value={typed} onChange={(event) => setTyped(event.target.value)} />
          )}
        </Field>
        <Button type="submit" disabled={!typed.trim()}>
          Find
        </Button>
      </form>
      {erased && (
        <Alert tone="success">
          {erased.message}
          {erased.kept.length > 0 && (
            <ul>
              {erased.kept.map((kept) => (
                <li key={kept.what}>
                  {kept.count} {kept.what}: {kept.why}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {email && person.isPending && <LoadingState />}
      {person.isError && !fieldError && <Alert>Error loading this person. Please try again.</Alert>}
      {person.data && (
        <>
          <div className={styles.actions}>
            <DownloadButtonLink variant="secondary" href={personExportPath(person.data.email)}>
              Export as JSON
            </DownloadButtonLink>
            <Button variant="quietDanger" onClick={() => setErasing(true)}>
              Erase this person
            </Button>
          </div>
          <PersonRecordView person={person.data} />
          <EraseDialog
            email={person.data.email}
            open={erasing}
            onClose={() => setErasing(false)}
            onErased={(answer) => {
              setErasing(false);
              setErased(answer);
            }}
          />
        </>
      )}
    </div>
  );
}
