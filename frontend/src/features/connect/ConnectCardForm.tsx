import { CONNECT_INTERESTS, FORM_THANKS } from '@gather/contracts';
import { Choice, ChoiceGroup, Field, Input, TextArea } from '../../components/Field';
import { FieldPair, FormCard } from '../../components/FormCard';
import { NewsletterConsent } from '../../components/NewsletterConsent';
import { useVisitorForm } from '../../lib/visitor-forms';
import { sendConnectCard } from './api';

export function ConnectCardForm() {
  const { form, onSubmit, sending, outcome, spamTrap } = useVisitorForm(
    () => import('@gather/contracts').then((contracts) => contracts.connectFormSchema),
    { first_name: '', last_name: '', email: '', phone: '', interests: [], message: '', newsletter_consent: false },
    { send: sendConnectCard, thanks: FORM_THANKS.connect },
  );
  const errors = form.formState.errors;

  return (
    <FormCard
      titleId="connect-form-title"
      title="Connect With Us"
      intro="Tell us a little about yourself and someone from our team will be in touch."
      onSubmit={onSubmit}
      sending={sending}
      outcome={outcome}
      spamTrap={spamTrap}
      sendLabel="Send"
    >
      <FieldPair>
        <Field label="First name" error={errors.first_name?.message} required>
          {(control) => <Input {...control} {...form.register('first_name')} autoComplete="given-name" />}
        </Field>
        <Field label="Last name" error={errors.last_name?.message} required>
          {(control) => <Input {...control} {...form.register('last_name')} autoComplete="family-name" />}
        </Field>
      </FieldPair>
      <FieldPair>
        <Field label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
        <Field label="Phone (optional)" error={errors.phone?.message}>
          {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />}
        </Field>
      </FieldPair>
      <ChoiceGroup legend="I'm interested in" error={errors.interests?.message}>
        {CONNECT_INTERESTS.map((interest) => (
          <Choice key={interest} type="checkbox" value={interest} label={interest} {...form.register('interests')} />
        ))}
      </ChoiceGroup>
      <Field label="Message (optional)" error={errors.message?.message}>
        {(control) => <TextArea {...control} {...form.register('message')} />}
      </Field>
      <NewsletterConsent {...form.register('newsletter_consent')} />
    </FormCard>
  );
}
