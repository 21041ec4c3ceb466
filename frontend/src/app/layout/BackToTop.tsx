import { useScrolledPast } from './useScrolledPast';
import styles from './BackToTop.module.css';

export const BACK_TO_TOP_OFFSET = 300;

export function BackToTop() {
  const shown = useScrolledPast(BACK_TO_TOP_OFFSET);
  if (!shown) return null;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
      <span className="visually-hidden">Back to top</span>
    </button>
  );
}
