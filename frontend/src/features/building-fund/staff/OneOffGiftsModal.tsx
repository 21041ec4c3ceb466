import { CURRENCIES, GIFT_METHODS, GIFT_METHOD_LABELS, type Currency, type GiftMethod } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Field, Input, Select } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDeleteOneOffGift, useOneOffGifts, useRecordOneOffGift } from './api';
import { emptyGift, firstErrors, type GiftValues } from './gift-form';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

type OneOffValues = GiftValues & { first_name: string; last_name: string; email: string; currency: Currency };

const emptyOneOff = (): OneOffValues => ({ ...emptyGift(), first_name: '', last_name: '', email: '', currency: 'GBP' });

/** Gifts to the fund with no pledge behind them: recorded here and listed newest first. */
export function OneOffGiftsModal({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const gifts = useOneOffGifts();
  const record = useRecordOneOffGift();
  const remove = useDeleteOneOffGift();
  const confirm = useConfirm();
  const [values, setValues] = useState<OneOffValues>(emptyOneOff);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<OneOffValues>) => setValues((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    record.mutate(values, {
      onSuccess: () => {
        toast.success('Gift recorded');
        setErrors({});
        setValues(emptyOneOff());
      },
      onError: (error) => {
        const found = firstErrors(error);
        setErrors(found);
        if (!Object.keys(found).length) toast.error('Error recording gift');
      },
    });
  }

  async function deleteGift(id: number, label: string) {
    const sure = await confirm({
      title: 'Delete gift',
      message: `Are you sure you want to delete this gift of ${label}?`,
      confirmLabel: 'Delete gift',
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(id, {
      onSuccess: () => toast.success('Gift deleted'),
      onError: (error) => toast.error((error instanceof ApiError && error.detail) || 'Error deleting gift'),
    });
  }

  const text = (
    field: 'first_name' | 'last_name' | 'email' | 'amount' | 'reference',
    label: string,
    required = true,
  ) => (
    <Field label={label} required={required} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          type={field === 'amount' ? 'number' : field === 'email' ? 'email' : 'text'}
          step={field === 'amount' ? '0.01' : undefined}
          value={values[field]}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <Modal open onClose={onClose} title="One-off gifts" size="lg">
      <div className={styles.details}>
        <form className={styles.giftForm} onSubmit={submit} noValidate aria-label="Record a one-off gift">
          {text('first_name', 'First name')}
          {text('last_name', 'Last name')}
          {text('email', 'Email', false)}
          {text('amount', 'Amount')}
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
          <Field label="Date received" required error={errors.received_on}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.received_on}
                onChange={(event) => set({ received_on: event.target.value })}
              />
            )}
          </Field>
          <Field label="Method" required error={errors.method}>
            {(control) => (
              <Select
                {...control}
                value={values.method}
                onChange={(event) => set({ method: event.target.value as GiftMethod })}
              >
                {GIFT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {GIFT_METHOD_LABELS[method]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {text('reference', 'Reference', false)}
          <div>
            <Button type="submit" busy={record.isPending} busyText="Recording...">
              Record gift
            </Button>
          </div>
        </form>
        {gifts.data?.results.length ? (
          <div className={staffPage.tableWrap}>
            <table className={staffPage.table}>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Donor</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Method</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {gifts.data.results.map((gift) => (
                  <tr key={gift.id}>
                    <td>{formatDate(gift.received_on)}</td>
                    <td>{`${gift.first_name} ${gift.last_name}`.trim() || '—'}</td>
                    <td>{formatMoney(gift.amount, gift.currency)}</td>
                    <td>{GIFT_METHOD_LABELS[gift.method]}</td>
                    <td>{gift.reference || '—'}</td>
                    <td>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void deleteGift(gift.id, formatMoney(gift.amount, gift.currency))}
                      >
                        Delete{' '}
                        <span className="visually-hidden">gift of {formatMoney(gift.amount, gift.currency)}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{gifts.isPending ? 'Loading gifts...' : 'No one-off gifts recorded yet.'}</p>
        )}
      </div>
    </Modal>
  );
}
