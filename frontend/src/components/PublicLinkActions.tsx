import { useState } from 'react';
import { Button, ExternalButtonLink } from './Button';
import { LinkQrModal } from './LinkQrModal';
import { useToast } from './Toast';
import { copyText } from '../lib/clipboard';
import { sectionStyles } from './StaffSection';

/** A page's full address on this site, as it is shared (copied, opened, put in a QR code). */
export function publicLink(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Copy, open and a printable QR code of a public link (a Q&A session's, a collection's or a gathering's). */
export function PublicLinkActions({
  path,
  title,
  name,
  slide,
}: {
  path: string;
  title: string;
  name: string;
  /** The QR code also comes as a 16:9 slide for the screen. */
  slide?: boolean;
}) {
  const toast = useToast();
  const [qrOpen, setQrOpen] = useState(false);
  const link = publicLink(path);

  const copy = async () => {
    if (await copyText(link)) toast.success('Link copied to clipboard!');
    else toast.error(`Failed to copy link. Please copy manually: ${link}`, { durationMs: 10_000 });
  };

  return (
    <div className={sectionStyles.linkRow}>
      <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy link to ${name}`}>
        Copy Link
      </Button>
      <ExternalButtonLink size="sm" variant="ghost" href={link}>
        Open Link
      </ExternalButtonLink>
      <Button size="sm" variant="ghost" onClick={() => setQrOpen(true)} aria-label={`QR code for ${name}`}>
        QR Code
      </Button>
      {qrOpen && <LinkQrModal title={title} link={link} slide={slide} onClose={() => setQrOpen(false)} />}
    </div>
  );
}
