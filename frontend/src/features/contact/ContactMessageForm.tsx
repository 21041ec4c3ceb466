import { FORM_THANKS } from '@gather/contracts';
import { Field, Input, TextArea } from '../../components/Field';
import { FieldPair, FormCard } from '../../components/FormCard';
import { NewsletterConsent } from '../../components/NewsletterConsent';
import { useVisitorForm } from '../../lib/visitor-forms';
import { sendContactMessage } from './api';

export function ContactMessageForm() {
  const { form, onSubmit, sending, outcome, spamTrap } = useVisitorForm(
    () => import('@gather/contracts').then((contracts) => contracts.contactFormSchema),
    { name: '', email: '', subject: '', message: '', newsletter_consent: false },
    { send: sendContactMessage, thanks: FORM_THANKS.contact },
  );
  const errors = form.formState.errors;

  return (
    <FormCard
      titleId="contact-form-title"
      title="Send Us a Message"
      intro="We read every message and reply as soon as we can."
      onSubmit={onSubmit}
      sending={sending}
      outcome={outcome}
      spamTrap={spamTrap}
      sendLabel="Send Message"
    >
      <FieldPair>
        <Field label="Name" error={errors.name?.message} required>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
      </FieldPair>
      <Field label="Subject" error={errors.subject?.message} required>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message} required>
        {(control) => <TextArea {...control} {...form.register('message')} rows={6} />}
      </Field>
      <NewsletterConsent {...form.register('newsletter_consent')} />
    </FormCard>
  );
}
