import { mediaUrl } from '../../lib/api';
import type { SeriesGroup as Group } from './sermon-rules';
import cardList from '../../components/CardList.module.css';
import styles from './SeriesGroup.module.css';
import { SermonCard } from './SermonCard';

/** A sermon series with its artwork and description, and its sermons beneath. */
export function SeriesGroup({ group }: { group: Group }) {
  const { series, sermons } = group;
  const headingId = `series-${series.id}-title`;
  const artwork = mediaUrl(series.artwork);
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={styles.header}>
        {artwork && <img className={styles.artwork} src={artwork} alt="" width={96} height={96} loading="lazy" />}
        <div>
          <p className={styles.eyebrow}>Series</p>
          <h3 id={headingId} className={styles.title}>
            {series.title}
          </h3>
          {series.description && <p className={styles.description}>{series.description}</p>}
        </div>
      </div>
      <ul className={cardList.list} aria-label={`Sermons in ${series.title}`}>
        {sermons.map((sermon) => (
          <li key={sermon.id}>
            <SermonCard sermon={sermon} titleLevel="h4" />
          </li>
        ))}
      </ul>
    </section>
  );
}
