import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Alert } from '../../../components/States';
import { useExportsRoom } from '../live';
import { exportPath, useExport, useStartExport } from './api';
import styles from './CollectionsSection.module.css';

const DOWNLOAD_FAILED = 'Error downloading files. Please try again.';

/** Download all: the server zips the uploads in the background; its progress arrives live. */
export function DownloadAll({
  collectionId,
  disabled,
  offerPending = false,
}: {
  collectionId: string;
  disabled: boolean;
  /** The collection has uploads that may wait for approval: staff may choose to include them. */
  offerPending?: boolean;
}) {
  useExportsRoom();
  const [includePending, setIncludePending] = useState(false);
  const start = useStartExport(collectionId);
  const [exportId, setExportId] = useState<string | null>(null);
  const job = useExport(collectionId, exportId);
  const status = job.data?.status;
  const working = start.isPending || (exportId !== null && status !== 'ready' && status !== 'failed' && !job.isError);
  const failed = start.isError || job.isError || status === 'failed';

  const begin = () =>
    start.mutate(
      { include_pending: offerPending && includePending },
      {
        onSuccess: (started) => setExportId(started.id),
        onError: () => setExportId(null),
      },
    );

  return (
    <div className={styles.download}>
      <div className={styles.downloadRow}>
        <Button variant="secondary" onClick={begin} disabled={disabled} busy={working} busyText="Preparing zip...">
          Download All
        </Button>
        {status === 'ready' && exportId && (
          <a className={styles.downloadLink} href={`${exportPath(collectionId, exportId)}download/`} download>
            Save zip file{job.data?.file_count != null && ` (${job.data.file_count} files)`}
          </a>
        )}
      </div>
      {offerPending && (
        <label className={styles.includePending}>
          <input
            type="checkbox"
            checked={includePending}
            onChange={(event) => setIncludePending(event.target.checked)}
          />
          Include uploads waiting for approval
        </label>
      )}
      {working && exportId && (
        <progress
          className={styles.bar}
          max={100}
          value={job.data?.progress ?? 0}
          aria-label="Preparing the zip file"
        />
      )}
      {failed && <Alert>{DOWNLOAD_FAILED}</Alert>}
    </div>
  );
}
