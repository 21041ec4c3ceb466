import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { Alert, LoadingState } from '../../../components/States';
import { usePreview } from './api';
import styles from './EmailsSection.module.css';

type Part = 'html' | 'text';

/**
 * The message as its first recipient gets it, built by the server as the worker builds it. The
 * HTML part runs in a sandbox with no rights at all: no scripts, no forms, no navigation.
 */
export function PreviewModal({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const preview = usePreview(campaignId);
  const [part, setPart] = useState<Part>('html');
  return (
    <Modal open onClose={onClose} title="Preview" size="lg">
      {preview.isPending ? (
        <LoadingState text="Building the preview..." />
      ) : preview.isError ? (
        <Alert>Error loading the preview. Please try again.</Alert>
      ) : (
        <div className={styles.detail}>
          <dl className={styles.envelope}>
            <dt>Subject</dt>
            <dd>{preview.data.subject || '(no subject)'}</dd>
            <dt>From</dt>
            <dd>{preview.data.from}</dd>
            <dt>To</dt>
            <dd>{preview.data.to}</dd>
          </dl>
          <div role="tablist" aria-label="Message part" className={styles.tabs}>
            {(['html', 'text'] as const).map((shown) => (
              <button
                key={shown}
                type="button"
                role="tab"
                id={`preview-tab-${shown}`}
                aria-selected={part === shown}
                aria-controls="preview-part"
                onClick={() => setPart(shown)}
              >
                {shown === 'html' ? 'Formatted' : 'Plain text'}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="preview-part" aria-labelledby={`preview-tab-${part}`}>
            {part === 'html' ? (
              <iframe title="Formatted message" sandbox="" srcDoc={preview.data.html} className={styles.previewFrame} />
            ) : (
              <pre className={styles.previewText}>{preview.data.text}</pre>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
