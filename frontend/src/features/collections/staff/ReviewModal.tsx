import type { PhotoCollection, ReviewDecision } from '@gather/contracts';
import { Modal } from '../../../components/Modal';
import { Alert, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { LiveIndicator } from '../../../lib/live/LiveIndicator';
import { COLLECTIONS_POLL_MS, useCollectionRoom } from '../live';
import { useCollectionUploads, useReviewUploads } from './api';
import styles from './CollectionsSection.module.css';
import { ReviewGrid } from './ReviewGrid';

const DONE: Record<ReviewDecision, string> = { approve: 'approved', reject: 'rejected' };

/** The uploads waiting for approval, arriving live as guests send them. */
export function ReviewModal({ collection, onClose }: { collection: PhotoCollection; onClose: () => void }) {
  useCollectionRoom(collection.id);
  const uploads = useCollectionUploads(collection.id);
  const review = useReviewUploads(collection.id);
  const toast = useToast();
  const waiting = uploads.data?.filter((upload) => upload.approval === 'pending') ?? [];

  const decide = (ids: number[], decision: ReviewDecision) =>
    review.mutate(
      { ids, decision },
      {
        onSuccess: (reviewed) =>
          toast.success(`${reviewed.length} ${reviewed.length === 1 ? 'upload' : 'uploads'} ${DONE[decision]}.`),
        onError: () => toast.error('Error saving the decision. Please try again.'),
      },
    );

  return (
    <Modal open size="lg" onClose={onClose} title={`${collection.name}: waiting for approval`}>
      <div className={styles.uploadsBar}>
        <LiveIndicator intervalMs={COLLECTIONS_POLL_MS} />
      </div>
      {uploads.isPending && <LoadingState />}
      {uploads.isError && <Alert>Error loading uploads. Please try again.</Alert>}
      {uploads.isSuccess && waiting.length === 0 && (
        <EmptyState title="Nothing waiting for approval">New uploads appear here as guests send them.</EmptyState>
      )}
      {waiting.length > 0 && <ReviewGrid uploads={waiting} busy={review.isPending} onDecide={decide} />}
    </Modal>
  );
}
