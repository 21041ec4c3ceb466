import { useEffect, useRef } from 'react';

/**
 * A modal <dialog> that takes the whole screen while it is shown (a projector's view): opened on mount, focused,
 * the page behind made inert and kept from scrolling until it closes.
 */
export function useScreenDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    element?.focus();
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  return dialog;
}
