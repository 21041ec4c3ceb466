import { CURRENCIES, MIN_PLEDGE, PAYMENT_METHODS, type Currency, type PaymentMethod } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Choice, ChoiceGroup, Field, Input, Select, TextArea } from '../../components/Field';
import { GiftAidDeclaration } from '../../components/GiftAidDeclaration';
import { NewsletterConsent } from '../../components/NewsletterConsent';
import { useToast } from '../../components/Toast';
import { ApiError, NetworkError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { SpamTrap, useSpamCheck } from '../../lib/spam-check';
import { usePledge } from './api';
import { balanceLeft, browserToday, emptyPledge } from './pledge-form';
import styles from './PledgePage.module.css';

const pledgeSchema = () =>
  import('@gather/contracts').then((contracts) => contracts.pledgeRequestSchema({ today: () => browserToday() }));

const CURRENCY_LABELS: Record<Currency, string> = { GBP: 'GBP (£)', USD: 'USD ($)' };
const METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Online',
  bank_transfer: 'Bank Transfer',
  in_person: 'In Person',
};

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'An error occurred. Please check your connection and try again.';
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'An error occurred. Please try again.';
}

/** The pledge itself; `onPledged` gets the donor's e-mail, and the form starts afresh once they close the thanks. */
export function PledgeForm({
  onPledged,
  onSurnameChange,
}: {
  onPledged: (email: string, reset: () => void) => void;
  onSurnameChange: (surname: string) => void;
}) {
  const today = browserToday();
  const form = useSchemaForm(pledgeSchema, emptyPledge(today));
  const { register, handleSubmit, watch, setValue, getValues, formState, setError, reset } = form;
  const errors = formState.errors;
  const pledge = usePledge();
  const spamCheck = useSpamCheck();
  const toast = useToast();
  const [currency, total, paymentType, amount, giftAid] = watch([
    'currency',
    'total_pledge',
    'payment_type',
    'payment_amount',
    'gift_aid',
  ]);
  const symbol = currency === 'USD' ? '$' : '£';

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await pledge.mutateAsync(spamCheck.stamp(values));
      onPledged(saved.email, () => reset(emptyPledge(browserToday())));
    } catch (error) {
      if (!showServerFieldErrors(setError, error)) toast.error(failureMessage(error));
    }
  });

  const keepFullAmount = (value: string) => {
    if (getValues('payment_type') === 'full') setValue('payment_amount', value);
  };
  // Full pays the whole total now; partial starts from nothing, for the donor to fill in.
  const paymentTypeField = register('payment_type', {
    onChange: (event) => setValue('payment_amount', event.target.value === 'full' ? getValues('total_pledge') : ''),
  });

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="pledge-form-title">
      <h2 id="pledge-form-title" className={styles.cardTitle}>
        Make Your Pledge
      </h2>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Personal Information</legend>
        <div className={styles.grid3}>
          <Field label="First Name" required error={errors.first_name?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...register('first_name')} />}
          </Field>
          <Field label="Middle Name" error={errors.middle_name?.message}>
            {(control) => <Input {...control} autoComplete="additional-name" {...register('middle_name')} />}
          </Field>
          <Field label="Last Name" required error={errors.last_name?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="family-name"
                {...register('last_name', { onChange: (event) => onSurnameChange(event.target.value) })}
              />
            )}
          </Field>
        </div>
        <div className={styles.grid2}>
          <Field label="Email" required error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            {(control) => <Input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
          </Field>
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Donation Details</legend>
        <div className={styles.grid3}>
          <Field label="Currency" required error={errors.currency?.message}>
            {(control) => (
              <Select {...control} {...register('currency')}>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {CURRENCY_LABELS[code]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={`Total Pledge (${symbol})`} required error={errors.total_pledge?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                min={MIN_PLEDGE}
                step="0.01"
                {...register('total_pledge', { onChange: (event) => keepFullAmount(event.target.value) })}
              />
            )}
          </Field>
          <Field label="Pay By Date" required error={errors.pay_by_date?.message}>
            {(control) => <Input {...control} type="date" min={today} {...register('pay_by_date')} />}
          </Field>
        </div>

        <ChoiceGroup legend="Payment Type" required error={errors.payment_type?.message}>
          <Choice type="radio" value="full" label="Full Payment" {...paymentTypeField} />
          <Choice type="radio" value="partial" label="Partial Payment" {...paymentTypeField} />
        </ChoiceGroup>

        {paymentType === 'partial' && (
          <div className={styles.partial}>
            <Field label={`Amount to Pay Now (${symbol})`} required error={errors.payment_amount?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={MIN_PLEDGE}
                  max={typeof total === 'string' && total ? total : undefined}
                  step="0.01"
                  {...register('payment_amount')}
                />
              )}
            </Field>
            <p className={styles.balance} aria-live="polite">
              Remaining balance: <strong>{formatMoney(balanceLeft(total, amount), currency ?? 'GBP')}</strong>
            </p>
          </div>
        )}
        {paymentType === 'full' && errors.payment_amount && (
          <p className={styles.fieldError} role="alert">
            {errors.payment_amount.message}
          </p>
        )}

        <ChoiceGroup legend="Payment Method" required error={errors.payment_method?.message}>
          {PAYMENT_METHODS.map((method) => (
            <Choice
              key={method}
              type="radio"
              value={method}
              label={METHOD_LABELS[method]}
              {...register('payment_method')}
            />
          ))}
        </ChoiceGroup>

        <Field label="Additional Message" error={errors.message?.message}>
          {(control) => <TextArea {...control} rows={3} {...register('message')} />}
        </Field>
        <NewsletterConsent {...register('newsletter_consent')} />
        <GiftAidDeclaration
          ticked={giftAid === true}
          box={register('gift_aid')}
          title={register('title')}
          house={register('house_name_or_number')}
          postcode={register('postcode')}
          errors={{
            title: errors.title?.message,
            house: errors.house_name_or_number?.message,
            postcode: errors.postcode?.message,
          }}
        />
      </fieldset>
      <SpamTrap {...spamCheck.trap} />

      <Button type="submit" size="lg" block busy={pledge.isPending} busyText="Processing...">
        Submit Pledge
      </Button>
    </form>
  );
}
