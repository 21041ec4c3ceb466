import type { StaffPledge } from '@gather/contracts';
import { useDeleteGift, usePledgeGifts, useRecordGift } from './api';
import { GiftForm, GiftTable } from './GiftForm';
import { emptyGift } from './gift-form';
import styles from './PledgesPage.module.css';

/** The gifts received on a pledge, a way to record the next one, and to remove one recorded by mistake. */
export function PledgeGifts({ pledge }: { pledge: StaffPledge }) {
  const gifts = usePledgeGifts(pledge.id);
  const remove = useDeleteGift(pledge.id);
  const record = useRecordGift(pledge.id);
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
        <GiftTable gifts={rows} remove={remove} />
      )}
      <GiftForm label="Record a gift" empty={emptyGift} record={record} />
    </section>
  );
}
