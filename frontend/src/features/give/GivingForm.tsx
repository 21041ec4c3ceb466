import { FORM_THANKS, GIVING_TYPES, givingNotificationSchema, type GivingType } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Field, Input, Select, TextArea } from '../../components/Field';
import { Alert } from '../../components/States';
import { useVisitorForm } from '../../lib/visitor-forms';
import { notifyGift } from './api';
import styles from '../../components/FormCard.module.css';

const GIVING_LABELS: Record<GivingType, string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  missions: 'Missions',
  building: 'Building fund',
  special: 'Special gift',
  other: 'Other',
};

export function GivingForm() {
  const { form, onSubmit, sending, outcome } = useVisitorForm(
    givingNotificationSchema,
    { name: '', email: '', phone: '', giving_type: 'offering', message: '' },
    { send: notifyGift, thanks: FORM_THANKS.giving },
  );
  const errors = form.formState.errors;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="giving-form-title">
      <h2 id="giving-form-title">Tell Us About Your Gift</h2>
      <p className={styles.intro}>Let us know you have given, and we will send you a receipt.</p>
      <div className={styles.row}>
        <Field label="Full name" error={errors.name?.message} required>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Phone (optional)" error={errors.phone?.message}>
          {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />}
        </Field>
        <Field label="Type of gift" error={errors.giving_type?.message} required>
          {(control) => (
            <Select {...control} {...form.register('giving_type')}>
              {GIVING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {GIVING_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Message (optional)" error={errors.message?.message}>
        {(control) => <TextArea {...control} {...form.register('message')} />}
      </Field>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button type="submit" busy={sending} busyText="Sending..." size="lg" className={styles.submit}>
        Send notification
      </Button>
    </form>
  );
}
