import type { PublicGathering } from '@gather/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './GatheringPage.module.css';

interface Tile {
  label: string;
  detail: string;
  to: string;
  /** A sermon's video lives on another site. */
  external?: boolean;
  icon: ReactNode;
}

/** Something staff linked for the day; connect and give are there every week. */
export function hasLinks(gathering: PublicGathering): boolean {
  return Boolean(gathering.qna_session_id || gathering.collection_id || gathering.sermon || gathering.sermon_notes);
}

function tilesOf(gathering: PublicGathering | null): Tile[] {
  const tiles: Tile[] = [];
  if (gathering?.qna_session_id) {
    tiles.push({
      label: 'Ask a question',
      detail: 'Send it to the moderators',
      to: `/qna/submit/${gathering.qna_session_id}`,
      icon: '?',
    });
  }
  if (gathering?.collection_id) {
    tiles.push({
      label: 'Share a photo',
      detail: "Add to today's collection",
      to: `/photo-upload/${gathering.collection_id}`,
      icon: '↑',
    });
  }
  tiles.push({ label: 'Fill in a connect card', detail: "New here? We'd love to know you", to: '/connect', icon: '✉' });
  tiles.push({ label: 'Give', detail: 'Online, by transfer or in person', to: '/give', icon: '♥' });
  if (gathering?.sermon_notes) {
    tiles.push({ label: 'Sermon notes', detail: 'Read along', to: '#sermon-notes', icon: '✎' });
  }
  if (gathering?.sermon) {
    const { sermon } = gathering;
    tiles.push({
      label: sermon.video_url ? 'Watch the sermon' : 'The sermon',
      detail: sermon.speaker ? `${sermon.title}, ${sermon.speaker}` : sermon.title,
      to: sermon.video_url ?? '/media',
      external: Boolean(sermon.video_url),
      icon: '▶',
    });
  }
  return tiles;
}

/** One tile per thing to do today, sized so all of them fit one phone screen. */
export function GatheringTiles({ gathering }: { gathering: PublicGathering | null }) {
  return (
    <ul className={styles.tiles} aria-label="Today">
      {tilesOf(gathering).map((tile) => {
        const content = (
          <>
            <span className={styles.icon} aria-hidden="true">
              {tile.icon}
            </span>
            <span className={styles.label}>{tile.label}</span>
            <span className={styles.detail}>{tile.detail}</span>
          </>
        );
        return (
          <li key={tile.label}>
            {tile.external ? (
              <a className={styles.tile} href={tile.to} target="_blank" rel="noopener noreferrer">
                {content}
              </a>
            ) : tile.to.startsWith('#') ? (
              <a className={styles.tile} href={tile.to}>
                {content}
              </a>
            ) : (
              <Link className={styles.tile} to={tile.to}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
