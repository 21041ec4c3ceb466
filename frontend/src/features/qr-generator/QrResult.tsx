import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { formatDateTime } from '../../lib/format';
import { downloadName, pngBlob, QR_TOAST_MS, QR_WIDTH } from './qr-code';
import formCard from '../../components/FormCard.module.css';
import styles from './QrGeneratorPage.module.css';

export interface GeneratedCode {
  /** PNG data URL */
  image: string;
  url: string;
  title: string;
  generatedAt: Date;
}

export function QrResult({ code, onStartAgain }: { code: GeneratedCode; onStartAgain: () => void }) {
  const toast = useToast();
  const shown = { durationMs: QR_TOAST_MS };

  const download = () => {
    const link = document.createElement('a');
    link.href = code.image;
    link.download = downloadName(code.title);
    document.body.append(link);
    link.click();
    link.remove();
    toast.success('QR Code downloaded successfully!', shown);
  };

  const copy = async () => {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
      toast.info('QR Code ready! Use right-click to copy.', shown);
      return;
    }
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': pngBlob(code.image) })]);
      toast.success('QR Code copied to clipboard!', shown);
    } catch {
      toast.info('Use right-click on the QR code to copy.', shown);
    }
  };

  return (
    <section className={`${formCard.card} ${styles.result}`} aria-labelledby="qr-result-title">
      <h2 id="qr-result-title" className={styles.resultTitle}>
        {code.title || 'Your QR Code'}
      </h2>
      <img
        className={styles.code}
        src={code.image}
        width={QR_WIDTH}
        height={QR_WIDTH}
        alt={`QR code for ${code.url}`}
      />
      <dl className={styles.details}>
        <div>
          <dt>Link</dt>
          <dd className={styles.target}>{code.url}</dd>
        </div>
        <div>
          <dt>Generated</dt>
          <dd>{formatDateTime(code.generatedAt)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button onClick={download}>Download PNG</Button>
        <Button variant="secondary" onClick={copy}>
          Copy Image
        </Button>
        <Button variant="ghost" onClick={onStartAgain}>
          Generate Another
        </Button>
      </div>
    </section>
  );
}
