import type { ReactNode } from 'react';
import styles from './Heading.module.css';

/** A section's heading with an optional kicker above and a line of introduction under it. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <div className={`${styles.section} ${align === 'center' ? styles.center : ''}`}>
      {eyebrow && <p className={styles.kicker}>{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {children && <p className={styles.intro}>{children}</p>}
    </div>
  );
}
