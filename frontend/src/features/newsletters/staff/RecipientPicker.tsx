import { RECIPIENT_SOURCES } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, SearchField, Select, TextArea } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import {
  customRecipient,
  customRecipientError,
  deselectAll,
  emailKey,
  filterRecipients,
  parsePastedRecipients,
  selectAll,
  type EmailRecipient,
  type RecipientSource,
} from './recipients';
import { ConsentBadge } from './CampaignKind';
import type { EmailForm } from './useEmailForm';
import styles from './EmailsSection.module.css';

export const SOURCE_LABELS: Record<RecipientSource, string> = {
  contact: 'Contact form',
  connect: 'Connect card',
  building_fund: 'Building fund',
  giving: 'Giving',
  newsletter: 'Newsletter',
  custom: 'Custom',
};

interface RecipientPickerProps {
  recipients: EmailRecipient[];
  form: EmailForm;
}

export function RecipientPicker({ recipients, form }: RecipientPickerProps) {
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<RecipientSource | 'all'>('all');
  const shown = filterRecipients(recipients, search, source);
  const { selected } = form.state;
  const allShownSelected = shown.length > 0 && shown.every((recipient) => selected.has(emailKey(recipient.email)));

  return (
    <fieldset className={styles.panel}>
      <legend className={styles.panelTitle}>Recipients</legend>
      <div className={styles.row}>
        <SearchField label="Search recipients" hint="Name or email" value={search} onSearch={setSearch} />
        <Field label="Source">
          {(control) => (
            <Select
              {...control}
              value={source}
              onChange={(event) => setSource(event.target.value as RecipientSource | 'all')}
            >
              <option value="all">All sources</option>
              {RECIPIENT_SOURCES.map((value) => (
                <option key={value} value={value}>
                  {SOURCE_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <label className={styles.selectAll}>
        <input
          type="checkbox"
          checked={allShownSelected}
          disabled={shown.length === 0}
          onChange={() =>
            form.update({ selected: allShownSelected ? deselectAll(selected, shown) : selectAll(selected, shown) })
          }
        />
        Select all ({shown.length})
      </label>
      <ul className={styles.recipientList} aria-label="Recipients to choose from" tabIndex={0}>
        {shown.length === 0 && <li className={styles.muted}>No recipients match.</li>}
        {shown.map((recipient) => (
          <li key={emailKey(recipient.email)}>
            <label className={styles.recipient}>
              <input
                type="checkbox"
                checked={selected.has(emailKey(recipient.email))}
                onChange={() => form.toggle(recipient.email)}
              />
              <span className={styles.recipientName}>{recipient.name || recipient.email}</span>
              {recipient.name && <span className={styles.muted}>{recipient.email}</span>}
              <span className={styles.source}>{SOURCE_LABELS[recipient.source]}</span>
              <ConsentBadge consent={recipient.consent} />
            </label>
          </li>
        ))}
      </ul>
      <CustomRecipients recipients={recipients} form={form} />
    </fieldset>
  );
}

function CustomRecipients({ recipients, form }: RecipientPickerProps) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');

  function add() {
    const problem = customRecipientError(email, recipients);
    setError(problem);
    if (problem) return;
    form.addCustom([customRecipient(email, name)]);
    setEmail('');
    setName('');
  }

  function addPasted() {
    const added = parsePastedRecipients(pasted, recipients);
    form.addCustom(added);
    setPasted('');
    toast.info(`${added.length} ${added.length === 1 ? 'address' : 'addresses'} added`);
  }

  return (
    <div className={styles.custom}>
      <div className={styles.row}>
        <Field label="Add an email address" error={error ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          )}
        </Field>
        <Field label="Name (optional)">
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Button variant="secondary" onClick={add} disabled={!email.trim()} className={styles.alignEnd}>
          Add
        </Button>
      </div>
      <Field label="Paste a list" hint="Separate addresses with commas or new lines; names are optional.">
        {(control) => (
          <TextArea {...control} rows={3} value={pasted} onChange={(event) => setPasted(event.target.value)} />
        )}
      </Field>
      <Button variant="secondary" size="sm" onClick={addPasted} disabled={!pasted.trim()}>
        Add list
      </Button>
    </div>
  );
}
