import { FORM_THANKS, GIVING_TYPES, NO_GIFT_AID, type GivingType } from '@gather/contracts';
import { Field, Input, Select, TextArea } from '../../components/Field';
import { FieldPair, FormCard } from '../../components/FormCard';
import { GiftAidDeclaration } from '../../components/GiftAidDeclaration';
import { NewsletterConsent } from '../../components/NewsletterConsent';
import { useVisitorForm } from '../../lib/visitor-forms';
import { notifyGift } from './api';

const GIVING_LABELS: Record<GivingType, string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  missions: 'Missions',
  building: 'Building fund',
  special: 'Special gift',
  other: 'Other',
};

export function GivingForm() {
  const { form, onSubmit, sending, outcome, spamTrap } = useVisitorForm(
    () => import('@gather/contracts').then((contracts) => contracts.givingNotificationSchema),
    {
      name: '',
      email: '',
      phone: '',
      giving_type: 'offering',
      message: '',
      newsletter_consent: false,
      ...NO_GIFT_AID,
    },
    { send: notifyGift, thanks: FORM_THANKS.giving },
  );
  const errors = form.formState.errors;

  return (
    <FormCard
      titleId="giving-form-title"
      title="Tell Us About Your Gift"
      intro="Let us know you have given, and we will send you a receipt."
      onSubmit={onSubmit}
      sending={sending}
      outcome={outcome}
      spamTrap={spamTrap}
      sendLabel="Send notification"
    >
      <FieldPair>
        <Field label="Full name" error={errors.name?.message} required>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </Field>
      </FieldPair>
      <FieldPair>
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
      </FieldPair>
      <Field label="Message (optional)" error={errors.message?.message}>
        {(control) => <TextArea {...control} {...form.register('message')} />}
      </Field>
      <NewsletterConsent {...form.register('newsletter_consent')} />
      <GiftAidDeclaration
        ticked={form.watch('gift_aid') === true}
        box={form.register('gift_aid')}
        title={form.register('title')}
        house={form.register('house_name_or_number')}
        postcode={form.register('postcode')}
        errors={{
          title: errors.title?.message,
          house: errors.house_name_or_number?.message,
          postcode: errors.postcode?.message,
        }}
      />
    </FormCard>
  );
}
