import { CURRENCIES, type Currency } from '@gather/contracts';
import { Field, Input, Select } from '../../../components/Field';
import { useDeleteOneOffGift, useOneOffGifts, useRecordOneOffGift } from './api';
import { GiftForm, GiftTable, type GiftFormState } from './GiftForm';
import { emptyGift, type GiftValues } from './gift-form';
import styles from './PledgesPage.module.css';

type OneOffValues = GiftValues & { first_name: string; last_name: string; email: string; currency: Currency };

const emptyOneOff = (): OneOffValues => ({ ...emptyGift(), first_name: '', last_name: '', email: '', currency: 'GBP' });

/** Gifts to the fund with no pledge behind them: recorded here and listed newest first. */
export function OneOffGifts() {
  const gifts = useOneOffGifts();
  const record = useRecordOneOffGift();
  const remove = useDeleteOneOffGift();
  return (
    <section className={`${styles.panel} ${styles.details}`} aria-labelledby="one-off-gifts-title">
      <h2 id="one-off-gifts-title" className={styles.panelTitle}>
        One-off gifts
      </h2>
      <GiftForm label="Record a one-off gift" empty={emptyOneOff} record={record} before={DonorFields} />
      {gifts.data?.results.length ? (
        <GiftTable gifts={gifts.data.results} remove={remove} showDonor />
      ) : (
        <p>{gifts.isPending ? 'Loading gifts...' : 'No one-off gifts recorded yet.'}</p>
      )}
    </section>
  );
}
/** Who gave a one-off gift, and in which currency: a pledge's gift takes these from the pledge. */
function DonorFields({ values, set, errors }: GiftFormState<OneOffValues>) {
  const text = (field: 'first_name' | 'last_name' | 'email', label: string, required = true) => (
    <Field label={label} required={required} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          type={field === 'email' ? 'email' : 'text'}
          value={values[field]}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <>
      {text('first_name', 'First name')}
      {text('last_name', 'Last name')}
      {text('email', 'Email', false)}
      <Field label="Currency" required error={errors.currency}>
        {(control) => (
          <Select
            {...control}
            value={values.currency}
            onChange={(event) => set({ currency: event.target.value as Currency })}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
