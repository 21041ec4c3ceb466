import { contactFormSchema, FORM_THANKS } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Field, Input, TextArea } from '../../components/Field';
import styles from '../../components/FormCard.module.css';
import { Alert } from '../../components/States';
import { useVisitorForm } from '../../lib/visitor-forms';
import { sendContactMessage } from './api';

export function ContactMessageForm() {
  const { form, onSubmit, sending, outcome } = useVisitorForm(
    contactFormSchema,
    { name: '', email: '', subject: '', message: '' },
    { send: sendContactMessage, thanks: FORM_THANKS.contact },
  );
  const errors = form.formState.errors;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      <p className={styles.intro}>We read every message and reply as soon as we can.</p>
      <div className={styles.row}>
        <Field label="Name" error={errors.name?.message} required>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject?.message} required>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message} required>
        {(control) => <TextArea {...control} {...form.register('message')} rows={6} />}
      </Field>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button type="submit" busy={sending} busyText="Sending..." size="lg" className={styles.submit}>
        Send Message
      </Button>
    </form>
  );
}
