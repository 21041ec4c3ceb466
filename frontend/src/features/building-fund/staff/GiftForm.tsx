import { GIFT_METHODS, GIFT_METHOD_LABELS, type Gift, type GiftMethod } from '@gather/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Field, Input, Select } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import { formatDate, formatMoney } from '../../../lib/format';
import { firstErrors, type GiftValues } from './gift-form';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

/** What a form's extra fields need: the values so far, a way to change them, and their errors. */
export interface GiftFormState<Values> {
  values: Values;
  set: (change: Partial<Values>) => void;
  errors: Record<string, string>;
}

/**
 * Recording a gift, on a pledge or one-off: `before` adds the fields a one-off gift also needs ahead
 * of amount, date, method and reference. Cleared after each gift, so the next can be typed at once.
 */
export function GiftForm<Values extends GiftValues>({
  label,
  empty,
  record,
  before,
}: {
  label: string;
  empty: () => Values;
  record: UseMutationResult<unknown, Error, Values>;
  before?: (state: GiftFormState<Values>) => ReactNode;
}) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    record.mutate(values, {
      onSuccess: () => {
        toast.success('Gift recorded');
        setErrors({});
        setValues(empty());
      },
      onError: (error) => {
        const found = firstErrors(error);
        setErrors(found);
        if (!Object.keys(found).length) toast.error('Error recording gift');
      },
    });
  }

  return (
    <form className={styles.giftForm} onSubmit={submit} noValidate aria-label={label}>
      {before?.({ values, set, errors })}
      <Field label="Amount" required error={errors.amount}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min="0.01"
            step="0.01"
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => set({ amount: event.target.value } as Partial<Values>)}
          />
        )}
      </Field>
      <Field label="Date received" required error={errors.received_on}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={values.received_on}
            onChange={(event) => set({ received_on: event.target.value } as Partial<Values>)}
          />
        )}
      </Field>
      <Field label="Method" required error={errors.method}>
        {(control) => (
          <Select
            {...control}
            value={values.method}
            onChange={(event) => set({ method: event.target.value as GiftMethod } as Partial<Values>)}
          >
            {GIFT_METHODS.map((method) => (
              <option key={method} value={method}>
                {GIFT_METHOD_LABELS[method]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Reference" error={errors.reference}>
        {(control) => (
          <Input
            {...control}
            value={values.reference}
            onChange={(event) => set({ reference: event.target.value } as Partial<Values>)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" busy={record.isPending} busyText="Recording...">
          Record gift
        </Button>
      </div>
    </form>
  );
}

/** Gifts received, newest as the server orders them, each with a confirmed Delete; `showDonor` for one-off gifts. */
export function GiftTable({
  gifts,
  remove,
  showDonor = false,
}: {
  gifts: Gift[];
  remove: UseMutationResult<unknown, Error, number>;
  showDonor?: boolean;
}) {
  const toast = useToast();
  const confirm = useConfirm();

  async function deleteGift(gift: Gift) {
    const sure = await confirm({
      title: 'Delete gift',
      message: `Are you sure you want to delete this gift of ${formatMoney(gift.amount, gift.currency)}?`,
      confirmLabel: 'Delete gift',
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(gift.id, {
      onSuccess: () => toast.success('Gift deleted'),
      // A gift in a Gift Aid claim is kept: the server says so.
      onError: (error) => toast.error((error instanceof ApiError && error.detail) || 'Error deleting gift'),
    });
  }

  return (
    <div className={staffPage.tableWrap}>
      <table className={staffPage.table}>
        <thead>
          <tr>
            <th scope="col">Received</th>
            {showDonor && <th scope="col">Donor</th>}
            <th scope="col">Amount</th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {gifts.map((gift) => (
            <tr key={gift.id}>
              <td>{formatDate(gift.received_on)}</td>
              {showDonor && <td className={staffPage.wraps}>{`${gift.first_name} ${gift.last_name}`.trim() || '—'}</td>}
              <td>{formatMoney(gift.amount, gift.currency)}</td>
              <td>{GIFT_METHOD_LABELS[gift.method]}</td>
              <td className={staffPage.wraps}>{gift.reference || '—'}</td>
              <td>
                <Button size="sm" variant="ghost" onClick={() => void deleteGift(gift)}>
                  Delete <span className="visually-hidden">gift of {formatMoney(gift.amount, gift.currency)}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
