import { useEffect, useState } from 'react';
import { publicLink } from '../../../components/PublicLinkActions';
import styles from './PollProjector.module.css';

/** A QR code of the session's question page, where the room answers; the QR library loads only here. */
export function JoinCode({ sessionId }: { sessionId: string }) {
  const link = publicLink(`/qna/submit/${sessionId}`);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(link, { width: 360, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => current && setImage(url))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [link]);
  return (
    <figure className={styles.join}>
      {image ? (
        <img className={styles.code} src={image} alt={`QR code to join: ${link}`} width={360} height={360} />
      ) : (
        <div className={styles.code} aria-hidden="true" />
      )}
      <figcaption className={styles.joinText}>Scan to answer on your phone</figcaption>
    </figure>
  );
}
