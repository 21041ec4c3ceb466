import { LoadingState } from '../../components/States';
import { useWeeklyServices } from './api';
import { churchWeekday, nextServices } from './next-services';
import styles from './GatheringPage.module.css';

/** What a gathering with nothing linked yet shows: when the church meets next. */
export function NextServices() {
  const services = useWeeklyServices();
  const shown = nextServices(services.data ?? [], churchWeekday(new Date()));
  return (
    <section className={styles.services} aria-labelledby="next-services-title">
      <h2 id="next-services-title" className={styles.servicesTitle}>
        Next services
      </h2>
      {services.isPending && <LoadingState text="Loading services..." />}
      {services.isSuccess && shown.length === 0 && <p>Service times will be here soon.</p>}
      <ul className={styles.serviceList}>
        {shown.map((service) => (
          <li key={service.id} className={styles.service}>
            <span className={styles.when}>
              {service.day} · {service.time}
            </span>
            <span>{service.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
