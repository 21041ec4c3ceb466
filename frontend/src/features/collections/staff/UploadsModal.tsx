import { videoToPlay, type PhotoCollection, type ReviewDecision, type StaffCollectionUpload } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Modal } from '../../../components/Modal';
import { Alert, Badge, EmptyState, LoadingState, Spinner } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { mediaUrl } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { LiveIndicator } from '../../../lib/live/LiveIndicator';
import { COLLECTIONS_POLL_MS, useCollectionRoom } from '../live';
import { useCollectionUploads, useDeleteUpload, useReviewUploads } from './api';
import styles from './CollectionsSection.module.css';
import { DownloadAll } from './DownloadAll';

/** A collection's uploads, appearing as guests send them. */
export function UploadsModal({ collection, onClose }: { collection: PhotoCollection; onClose: () => void }) {
  useCollectionRoom(collection.id);
  const uploads = useCollectionUploads(collection.id);
  const remove = useDeleteUpload(collection.id);
  const review = useReviewUploads(collection.id);
  const confirm = useConfirm();
  const toast = useToast();

  const deleteUpload = async (upload: StaffCollectionUpload) => {
    const yes = await confirm({
      title: `Delete the upload “${upload.original_filename}”?`,
      message: `Are you sure you want to delete this upload? "${upload.original_filename}" will be removed.`,
    });
    if (!yes) return;
    remove.mutate(upload.id, {
      onSuccess: () => toast.success('Upload deleted successfully!'),
      onError: () => toast.error('Error deleting upload. Please try again.'),
    });
  };

  const decide = (upload: StaffCollectionUpload, decision: ReviewDecision) =>
    review.mutate(
      { ids: [upload.id], decision },
      { onError: () => toast.error('Error saving the decision. Please try again.') },
    );
  const hasPending = collection.requires_approval || !!uploads.data?.some((upload) => upload.approval === 'pending');

  return (
    <Modal open size="lg" onClose={onClose} title={`${collection.name}: uploads`}>
      <div className={styles.uploadsBar}>
        <LiveIndicator intervalMs={COLLECTIONS_POLL_MS} />
        <DownloadAll collectionId={collection.id} disabled={!uploads.data?.length} offerPending={hasPending} />
      </div>
      {uploads.isPending && <LoadingState />}
      {uploads.isError && <Alert>Error loading uploads. Please try again.</Alert>}
      {uploads.data?.length === 0 && (
        <EmptyState title="No uploads yet">Share the upload link with your guests.</EmptyState>
      )}
      <ul className={styles.uploads} aria-label="Uploads">
        {uploads.data?.map((upload) => (
          <li key={upload.id} className={styles.upload}>
            <UploadPreview upload={upload} />
            <div className={styles.uploadText}>
              <p className={styles.uploadName}>{upload.original_filename}</p>
              <p className={styles.uploadMeta}>
                {upload.uploader_name} · {formatDateTime(upload.uploaded_at)} · {upload.file_size_mb.toFixed(1)} MB
              </p>
              {upload.status === 'failed' && <p className={styles.uploadFailure}>{upload.failure_reason}</p>}
              {upload.approval !== 'approved' && (
                <p className={styles.approval}>
                  <Badge tone={upload.approval === 'pending' ? 'orange' : 'grey'}>
                    {upload.approval === 'pending' ? 'Waiting for approval' : 'Rejected'}
                  </Badge>
                </p>
              )}
            </div>
            <div className={styles.uploadActions}>
              {upload.file && (
                <a
                  className={styles.textLink}
                  href={mediaUrl(opened(upload))}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open<span className="visually-hidden"> {upload.original_filename} (opens in a new tab)</span>
                </a>
              )}
              {upload.approval !== 'approved' && (
                <Button size="sm" onClick={() => decide(upload, 'approve')} disabled={review.isPending}>
                  Approve<span className="visually-hidden"> {upload.original_filename}</span>
                </Button>
              )}
              {upload.approval === 'pending' && (
                <Button size="sm" variant="ghost" onClick={() => decide(upload, 'reject')} disabled={review.isPending}>
                  Reject<span className="visually-hidden"> {upload.original_filename}</span>
                </Button>
              )}
              <Button size="sm" variant="quietDanger" onClick={() => deleteUpload(upload)}>
                Delete<span className="visually-hidden"> {upload.original_filename}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** A video opens in the copy every browser plays (an iPhone's HEVC does not play in most); a photo at full size. */
function opened(upload: StaffCollectionUpload): string | null {
  return upload.file_type === 'video' ? videoToPlay(upload) : upload.file;
}

function UploadPreview({ upload }: { upload: StaffCollectionUpload }) {
  const picture = upload.thumbnail ?? upload.poster;
  if (upload.status === 'processing')
    return (
      <div className={styles.thumb}>
        <Spinner label={`Processing ${upload.original_filename}`} />
      </div>
    );
  if (upload.status === 'failed' || !picture)
    return (
      <div className={styles.thumb}>
        <Badge tone={upload.status === 'failed' ? 'coral' : 'purple'}>
          {upload.status === 'failed' ? 'Failed' : upload.file_type === 'video' ? 'Video' : 'File'}
        </Badge>
      </div>
    );
  return <img className={styles.thumb} src={mediaUrl(picture)} alt={upload.original_filename} loading="lazy" />;
}
