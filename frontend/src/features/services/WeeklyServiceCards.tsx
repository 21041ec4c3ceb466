import { Badge } from '../../components/States';
import { ContentCard } from '../../components/ContentCard';
import { WEEKLY_SERVICES } from '../../lib/weekly-services';
import styles from './WeeklyServiceCards.module.css';

export function WeeklyServiceCards() {
  return (
    <ul className={styles.grid}>
      {WEEKLY_SERVICES.map((service) => (
        <li key={service.name}>
          <ContentCard
            featured={service.featured}
            badge={service.featured ? <Badge tone="indigo">Main gathering</Badge> : undefined}
            eyebrow={`${service.day} · ${service.time}`}
            title={service.name}
          >
            <p>{service.description}</p>
          </ContentCard>
        </li>
      ))}
    </ul>
  );
}
