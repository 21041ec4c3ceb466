import { ButtonLink } from '../components/Button';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <section className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>Sorry, we couldn't find that page. It may have moved, or the link may be mistyped.</p>
      <ButtonLink to="/">Return Home</ButtonLink>
    </section>
  );
}
