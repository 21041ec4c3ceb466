import type { HomepageContent } from '@gather/contracts';
import { useEffect, useRef } from 'react';
import { ButtonLink, ExternalButtonLink } from '../../components/Button';
import styles from './Hero.module.css';

const POSTER = '/hero/hero-poster.webp';

/**
 * The welcome: the poster paints first, and the muted loop starts only once the page has loaded
 * (never under reduced motion), so the video never competes with the page for the first paint.
 */
export function Hero({ content, liveStreamUrl }: { content: HomepageContent; liveStreamUrl?: string }) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const start = () => {
      element.preload = 'auto';
      element.play().catch(() => undefined);
    };
    if (document.readyState === 'complete') {
      start();
      return;
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <video
        ref={video}
        className={styles.video}
        poster={POSTER}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/hero/hero.webm" type="video/webm" />
        <source src="/hero/hero.mp4" type="video/mp4" />
      </video>
      <div className={styles.shade} aria-hidden="true" />
      <div className={`container ${styles.content}`}>
        <p className={styles.cta}>{content.heroCta}</p>
        <h1 id="hero-title" className={styles.title}>
          {content.heroTitle}
        </h1>
        <p className={styles.subtitle}>{content.heroSubtitle}</p>
        <div className={styles.actions}>
          {/* Drawn before the link arrives, so the buttons never shift under a thumb. */}
          <ExternalButtonLink href={liveStreamUrl} variant="light" size="lg">
            Join Online
          </ExternalButtonLink>
          <ButtonLink to="/about" variant="ghost" size="lg" className={styles.secondary}>
            Learn More
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
