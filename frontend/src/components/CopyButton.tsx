import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { Button, type ButtonProps } from './Button';
import { useToast } from './Toast';

export const COPY_TICK_MS = 2_000;

/** Copies `text`; the button shows a tick for 2 seconds, and a failure says so. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedMessage,
  failureMessage = 'Failed to copy to clipboard.',
  ...rest
}: Omit<ButtonProps, 'onClick'> & { text: string; label?: string; copiedMessage?: string; failureMessage?: string }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_TICK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="secondary"
      size="sm"
      {...rest}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          if (copiedMessage) toast.success(copiedMessage);
        } else toast.error(failureMessage);
      }}
    >
      <span aria-live="polite">{copied ? '✓ Copied' : label}</span>
    </Button>
  );
}
