import { useEffect, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { LoadingState } from './States';
import { downloadDataUrl, qrSlidePng } from './qr-slide';
import { useToast } from './Toast';
import styles from './LinkQrModal.module.css';

interface LinkQrModalProps {
  title: string;
  link: string;
  onClose: () => void;
  /** Also offer the code as a 16:9 slide (PNG) for the screen, besides the printed A4 page. */
  slide?: boolean;
}

/** A QR code of a public link, big enough to print on A4 and put on a screen or a table. */
export function LinkQrModal({ title, link, onClose, slide }: LinkQrModalProps) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const toast = useToast();

  const downloadSlide = async () => {
    try {
      downloadDataUrl(await qrSlidePng(title, link), `qr-slide-${title.trim() || 'link'}.png`);
    } catch {
      toast.error('The slide could not be made. Please print the code instead.');
    }
  };

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
          {slide && (
            <Button variant="secondary" onClick={downloadSlide} disabled={!image}>
              Download Slide (PNG)
            </Button>
          )}
          <Button onClick={() => window.print()} disabled={!image}>
            {slide ? 'Print A4' : 'Print'}
          </Button>
        </>
      }
    >
      <div className={styles.printArea}>
        <p className={styles.title}>{title}</p>
        {image && <img className={styles.code} src={image} alt={`QR code for ${link}`} />}
        {image && slide && (
          <div className={styles.slide} aria-label="Slide preview (16:9)">
            <p className={styles.slideTitle}>{title}</p>
            <img className={styles.slideCode} src={image} alt="" />
          </div>
        )}
        {!image && !failed && <LoadingState text="Making the QR code..." />}
        {failed && <p role="alert">The QR code could not be made. Please copy the link instead.</p>}
        <p className={styles.link}>{link}</p>
      </div>
    </Modal>
  );
}
