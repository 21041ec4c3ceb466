import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styles from './NewsletterSignup.module.css';

/* The form brings the form library and the schemas with it: loaded as the visitor nears it, not with the page. */
const NewsletterForm = lazy(() => import('./NewsletterForm').then((module) => ({ default: module.NewsletterForm })));

export function NewsletterSignup() {
  const band = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = band.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  return (
    <section ref={band} className={styles.band} aria-labelledby="newsletter-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <h2 id="newsletter-title">Stay in the loop</h2>
          <p>News, events and a word of encouragement in your inbox, about once a month.</p>
        </div>
        {near ? (
          <Suspense fallback={placeholder}>
            <NewsletterForm />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
