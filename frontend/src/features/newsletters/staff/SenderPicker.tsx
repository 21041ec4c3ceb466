import type { CustomSender } from '@gather/contracts';
import { Field, Input, Select } from '../../../components/Field';
import { customSenderError, type EmailForm, type SenderChoice } from './useEmailForm';
import styles from './EmailsSection.module.css';

interface SenderPickerProps {
  form: EmailForm;
  senders: CustomSender[];
  defaultSender: { email: string; name: string } | undefined;
  domain: string;
}

export function SenderPicker({ form, senders, defaultSender, domain }: SenderPickerProps) {
  const { sender, customEmail, customName } = form.state;
  const error = sender === 'custom' ? customSenderError(customEmail, domain) : null;

  function choose(value: string) {
    const choice: SenderChoice = value === 'default' || value === 'custom' ? value : Number(value);
    form.update({ sender: choice });
  }

  return (
    <fieldset className={styles.panel}>
      <legend className={styles.panelTitle}>From</legend>
      <Field label="Sender">
        {(control) => (
          <Select {...control} value={String(sender)} onChange={(event) => choose(event.target.value)}>
            <option value="default">
              {defaultSender ? `${defaultSender.name} <${defaultSender.email}>` : 'Church default sender'}
            </option>
            {senders.map((listed) => (
              <option key={listed.id} value={listed.id}>
                {`${listed.name} <${listed.email}>`}
              </option>
            ))}
            <option value="custom">Another address…</option>
          </Select>
        )}
      </Field>
      {sender === 'custom' && (
        <div className={styles.row}>
          <Field label="Sender email" error={error ?? undefined} hint={domain ? `Must end in @${domain}` : undefined}>
            {(control) => (
              <Input
                {...control}
                type="email"
                value={customEmail}
                placeholder={domain ? `name@${domain}` : undefined}
                onChange={(event) => form.update({ customEmail: event.target.value })}
              />
            )}
          </Field>
          <Field label="Sender name">
            {(control) => (
              <Input
                {...control}
                value={customName}
                onChange={(event) => form.update({ customName: event.target.value })}
              />
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
