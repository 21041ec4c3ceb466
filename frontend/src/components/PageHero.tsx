import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

/** The band at the top of a public page: a gradient in the palette, the page's heading and a line under it. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.lead}>{children}</div>}
      </div>
    </header>
  );
}
