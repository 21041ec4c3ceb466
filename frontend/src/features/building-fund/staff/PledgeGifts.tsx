import { GIFT_METHODS, GIFT_METHOD_LABELS, type AdminPledge, type GiftMethod } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Field, Input, Select } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDeleteGift, usePledgeGifts, useRecordGift } from './api';
import { emptyGift, firstErrors, type GiftValues } from './gift-form';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

/** The gifts received on a pledge, a way to record the next one, and to remove one recorded by mistake. */
export function PledgeGifts({ pledge }: { pledge: AdminPledge }) {
  const toast = useToast();
  const confirm = useConfirm();
  const gifts = usePledgeGifts(pledge.id);
  const remove = useDeleteGift(pledge.id);
  const money = (amount: string) => formatMoney(amount, pledge.currency);

  async function deleteGift(id: number, amount: string) {
    const sure = await confirm({
      title: 'Delete gift',
      message: `Are you sure you want to delete this gift of ${money(amount)}?`,
      confirmLabel: 'Delete gift',
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(id, {
      onSuccess: () => toast.success('Gift deleted'),
      onError: (error) => toast.error((error instanceof ApiError && error.detail) || 'Error deleting gift'),
    });
  }

  const rows = gifts.data?.results ?? [];
  return (
    <section aria-labelledby="pledge-gifts-title" className={styles.gifts}>
      <h3 id="pledge-gifts-title" className={styles.subheading}>
        Gifts received
      </h3>
      {gifts.isPending ? (
        <p>Loading gifts...</p>
      ) : gifts.isError ? (
        <p role="alert">Error loading gifts</p>
      ) : rows.length === 0 ? (
        <p>No gifts recorded yet.</p>
      ) : (
        <div className={staffPage.tableWrap}>
          <table className={staffPage.table}>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Amount</th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((gift) => (
                <tr key={gift.id}>
                  <td>{formatDate(gift.received_on)}</td>
                  <td>{money(gift.amount)}</td>
                  <td>{GIFT_METHOD_LABELS[gift.method]}</td>
                  <td>{gift.reference || '—'}</td>
                  <td>
                    <Button size="sm" variant="ghost" onClick={() => void deleteGift(gift.id, gift.amount)}>
                      Delete <span className="visually-hidden">gift of {money(gift.amount)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RecordGiftForm pledgeId={pledge.id} />
    </section>
  );
}

function RecordGiftForm({ pledgeId }: { pledgeId: number }) {
  const toast = useToast();
  const record = useRecordGift(pledgeId);
  const [values, setValues] = useState<GiftValues>(emptyGift);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<GiftValues>) => setValues((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    record.mutate(values, {
      onSuccess: () => {
        toast.success('Gift recorded');
        setErrors({});
        setValues(emptyGift());
      },
      onError: (error) => {
        const found = firstErrors(error);
        setErrors(found);
        if (!Object.keys(found).length) toast.error('Error recording gift');
      },
    });
  }

  return (
    <form className={styles.giftForm} onSubmit={submit} noValidate aria-label="Record a gift">
      <Field label="Amount" required error={errors.amount}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min="0.01"
            step="0.01"
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => set({ amount: event.target.value })}
          />
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
      <Field label="Reference" error={errors.reference}>
        {(control) => (
          <Input {...control} value={values.reference} onChange={(event) => set({ reference: event.target.value })} />
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
