import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Reveal.module.css';

/**
 * Fades a section in the first time it scrolls into view (1000 ms, ease-in-out, once).
 * A section already on screen when the page opens is left as the server drew it: hiding it until
 * the script runs would blank the first screen. Under prefers-reduced-motion the CSS shows
 * everything at once; without IntersectionObserver nothing is hidden.
 */
export function Reveal({
  children,
  className,
  as: Tag = 'div',
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section';
}) {
  const element = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<'drawn' | 'waiting' | 'shown'>('drawn');

  // Before the first paint, so a section below the fold never flashes before it fades in.
  useLayoutEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    if (target.getBoundingClientRect().top < window.innerHeight) return;
    setStage('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setStage('shown');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag ref={element} className={[stage !== 'drawn' && styles[stage], className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
