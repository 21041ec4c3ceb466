import { useEffect, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { LoadingState } from './States';
import styles from './LinkQrModal.module.css';

/** A QR code of a public link, big enough to print and put on a screen or a table. */
export function LinkQrModal({ title, link, onClose }: { title: string; link: string; onClose: () => void }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    // The QR library is only needed here: it loads when someone first opens a code.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(link, { width: 480, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => current && setImage(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <Modal
      open
      onClose={onClose}
      title="QR Code"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => window.print()} disabled={!image}>
            Print
          </Button>
        </>
      }
    >
      <div className={styles.printArea}>
        <p className={styles.title}>{title}</p>
        {image && <img className={styles.code} src={image} alt={`QR code for ${link}`} />}
        {!image && !failed && <LoadingState text="Making the QR code..." />}
        {failed && <p role="alert">The QR code could not be made. Please copy the link instead.</p>}
        <p className={styles.link}>{link}</p>
      </div>
    </Modal>
  );
}
