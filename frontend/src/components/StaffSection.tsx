import type { ReactNode } from 'react';
import staffPage from './StaffPage.module.css';
import styles from './StaffSection.module.css';

export { styles as sectionStyles };

/** The top of every dashboard section: its name, a line on what it holds, and its main action. */
export function SectionHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <div>
        <h1 className={staffPage.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {children && <div className={styles.headerActions}>{children}</div>}
    </header>
  );
}

/** The cards of a section, as many columns as fit. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
