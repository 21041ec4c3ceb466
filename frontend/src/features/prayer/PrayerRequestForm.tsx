import { PRAYER_AUDIENCES, PRAYER_TEXT_MAX, PRAYER_THANKS, PRAYER_VISIBILITIES } from '@gather/contracts';
import { Choice, ChoiceGroup, Field, Input, TextArea } from '../../components/Field';
import { FieldPair, FormCard } from '../../components/FormCard';
import { useVisitorForm } from '../../lib/visitor-forms';
import { sendPrayerRequest } from './api';
import styles from './PrayerPage.module.css';

export function PrayerRequestForm() {
  const { form, onSubmit, sending, outcome, spamTrap } = useVisitorForm(
    () => import('@gather/contracts').then((contracts) => contracts.prayerRequestFormSchema),
    { text: '', name: '', email: '', visibility: 'pastoral', hear_back: false },
    { send: sendPrayerRequest, thanks: PRAYER_THANKS },
  );
  const errors = form.formState.errors;
  const visibility = form.watch('visibility') ?? 'pastoral';

  return (
    <FormCard
      titleId="prayer-form-title"
      title="Send a Prayer Request"
      intro="You choose who may read it. Only your request is needed; everything else is up to you."
      onSubmit={onSubmit}
      sending={sending}
      outcome={outcome}
      spamTrap={spamTrap}
      sendLabel="Send Prayer Request"
    >
      <Field
        label="Your prayer request"
        error={errors.text?.message}
        hint={`Up to ${PRAYER_TEXT_MAX.toLocaleString('en-GB')} characters.`}
        required
      >
        {(control) => <TextArea {...control} {...form.register('text')} rows={6} maxLength={PRAYER_TEXT_MAX} />}
      </Field>
      <ChoiceGroup legend="Who may read it?" error={errors.visibility?.message} required>
        {PRAYER_VISIBILITIES.map((choice) => (
          <Choice
            key={choice}
            type="radio"
            value={choice}
            label={PRAYER_AUDIENCES[choice].label}
            {...form.register('visibility')}
          />
        ))}
      </ChoiceGroup>
      <p className={styles.reader} aria-live="polite">
        {PRAYER_AUDIENCES[visibility].reader}
      </p>
      <FieldPair>
        <Field label="First name" error={errors.name?.message} hint="Optional.">
          {(control) => <Input {...control} {...form.register('name')} autoComplete="given-name" />}
        </Field>
        <Field label="Email" error={errors.email?.message} hint="Optional: only to hear back.">
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
      </FieldPair>
      <Choice
        type="checkbox"
        label="E-mail me, at most once a day, how many people prayed for my request this week (wall requests only)"
        {...form.register('hear_back')}
      />
    </FormCard>
  );
}
