import { Outlet } from 'react-router-dom';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import styles from './PublicLayout.module.css';

export function PublicLayout() {
  return (
    <div className={styles.shell}>
      <Navbar />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}
