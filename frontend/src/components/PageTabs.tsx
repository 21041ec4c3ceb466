import { Link, useSearchParams } from 'react-router-dom';
import styles from './PageTabs.module.css';

export interface PageTab<Id extends string> {
  id: Id;
  label: string;
}

/** The tab in the address (`?tab=`), or the first when it names none: a reload or a shared link opens the same tab. */
export function useCurrentTab<Id extends string>(tabs: readonly PageTab<Id>[]): Id {
  const [params] = useSearchParams();
  const asked = params.get('tab');
  return tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]!.id;
}

/**
 * A busy page's parts as links in a row, one shown at a time. Links rather than ARIA tabs: each part has its own
 * address, so Back, a reload and the command palette reach it, and a screen reader hears "current page".
 */
export function PageTabs<Id extends string>({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly PageTab<Id>[];
  current: Id;
}) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul>
        {tabs.map((tab, index) => (
          <li key={tab.id}>
            <Link
              to={{ search: index === 0 ? '' : `?tab=${tab.id}` }}
              className={styles.tab}
              aria-current={tab.id === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
