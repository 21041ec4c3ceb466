import { useEffect, useState } from 'react';

/**
 * Resolves once the page has loaded and the browser is idle: code a page can do without at first (the live
 * connection, a live poll) is fetched then, so it is no part of what a phone downloads before the page works.
 */
export function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: 2_000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** False while the page is drawn on the server and taken over, true once it has settled (see pageSettled). */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let current = true;
    void pageSettled().then(() => current && setSettled(true));
    return () => {
      current = false;
    };
  }, []);
  return settled;
}
