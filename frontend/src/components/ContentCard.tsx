import type { ReactNode } from 'react';
import styles from './ContentCard.module.css';

export interface ContentCardProps {
  /** A CardPicture (or anything 16:9) across the top. */
  picture?: ReactNode;
  /** Sits over the picture's corner: a status or a day. */
  badge?: ReactNode;
  /** A short line above the title: a date, a day, a speaker. */
  eyebrow?: ReactNode;
  title: ReactNode;
  titleLevel?: 'h2' | 'h3' | 'h4';
  /** Small facts under the title (time, place, price), one per item. */
  facts?: ReactNode[];
  children?: ReactNode;
  actions?: ReactNode;
  /** Highlighted in the brand colour: the main Sunday service, the featured sermon. */
  featured?: boolean;
  className?: string;
}

/** The one card family of the public pages: services, events and sermons differ only in what they fill in. */
export function ContentCard({
  picture,
  badge,
  eyebrow,
  title,
  titleLevel: Title = 'h3',
  facts,
  children,
  actions,
  featured,
  className,
}: ContentCardProps) {
  return (
    <article className={[styles.card, featured && styles.featured, className].filter(Boolean).join(' ')}>
      {(picture || badge) && (
        <div className={picture ? styles.picture : styles.badgeOnly}>
          {picture}
          {badge && <div className={styles.badge}>{badge}</div>}
        </div>
      )}
      <div className={styles.body}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <Title className={styles.title}>{title}</Title>
        {facts && facts.length > 0 && (
          <ul className={styles.facts}>
            {facts.map((fact, index) => (
              <li key={index}>{fact}</li>
            ))}
          </ul>
        )}
        {children && <div className={styles.text}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}

const ARTWORKS = ['dawn', 'lagoon', 'ember', 'dusk'] as const;

/**
 * A content picture at a fixed 16:9, so nothing shifts while it loads; without one, an abstract
 * gradient in the palette (chosen by `seed`, so each card keeps its own) stands in for it.
 * Pictures wait until they are scrolled near, except one `onFirstScreen`, which is fetched first.
 */
export function CardPicture({
  src,
  alt,
  seed = 0,
  onFirstScreen = false,
}: {
  src?: string | null;
  alt: string;
  seed?: number;
  onFirstScreen?: boolean;
}) {
  if (src) {
    const loading = onFirstScreen ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
    return <img className={styles.image} src={src} alt={alt} decoding="async" {...loading} />;
  }
  const artwork = ARTWORKS[Math.abs(seed) % ARTWORKS.length]!;
  const className = `${styles.image} ${styles.artwork} ${styles[artwork]}`;
  // An empty alt means the picture is decoration beside text that already names it.
  if (!alt) return <div className={className} aria-hidden="true" />;
  return <div className={className} role="img" aria-label={alt} />;
}
