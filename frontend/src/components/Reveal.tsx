import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Reveal.module.css';

/**
 * Fades a section in the first time it scrolls into view (1000 ms, ease-in-out, once).
 * Under prefers-reduced-motion the CSS shows it at once; without IntersectionObserver too.
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
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return setShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag ref={element} className={[styles.reveal, shown && styles.shown, className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
