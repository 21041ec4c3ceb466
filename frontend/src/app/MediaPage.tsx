import type { Album } from '@gather/contracts';
import { useState } from 'react';
import { PageHero } from '../components/PageHero';
import { SectionHeading } from '../components/Heading';
import { Reveal } from '../components/Reveal';
import { Alert, EmptyState, LoadingState } from '../components/States';
import { AlbumGrid } from '../features/albums/AlbumGrid';
import { AlbumModal } from '../features/albums/AlbumModal';
import { usePublicAlbums } from '../features/albums/api';
import { LiveStreamNotice } from '../features/sermons/LiveStreamNotice';
import { useLatestSermons } from '../features/sermons/api';
import { groupBySeries } from '../features/sermons/sermon-rules';
import { MEDIA_FILTERS, visibleSections, type MediaFilter } from './media-filters';
import cardList from '../components/CardList.module.css';
import styles from './MediaPage.module.css';
import { SermonCard } from '../features/sermons/SermonCard';
import { SeriesGroup } from '../features/sermons/SeriesGroup';

export const MEDIA_FAILURE = 'Failed to load media content. Please try again later.';
/** The featured sermon and six more. */
const MEDIA_SERMONS = 7;

export function MediaPage() {
  const [filter, setFilter] = useState<MediaFilter>('All');
  const [openAlbum, setOpenAlbum] = useState<Album | null>(null);
  const sermons = useLatestSermons(MEDIA_SERMONS);
  const albums = usePublicAlbums();
  const shown = visibleSections(filter);
  const [featured, ...more] = sermons.data ?? [];
  const { groups, single } = groupBySeries(more);

  return (
    <>
      <PageHero eyebrow="Watch and remember" title="Media">
        <p>Sermons to watch again, worship to join live, and photos from our life together.</p>
      </PageHero>
      <div className={`container ${styles.page}`}>
        <div className={styles.filters} role="group" aria-label="Filter media">
          {MEDIA_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={styles.filter}
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
            >
              {name}
            </button>
          ))}
        </div>
        {(sermons.isError || albums.isError) && <Alert>{MEDIA_FAILURE}</Alert>}

        {shown.sermons && (
          <Reveal as="section" className={styles.section}>
            <SectionHeading id="sermons-title" eyebrow="Sermons" title="Latest Messages" />
            {sermons.isPending ? (
              <LoadingState text="Loading sermons..." />
            ) : !featured ? (
              <EmptyState title="No Sermons Available">New messages are added after each Sunday.</EmptyState>
            ) : (
              <>
                <SermonCard sermon={featured} featured descriptionLimit={280} className={styles.featured} />
                {groups.map((group) => (
                  <SeriesGroup key={group.series.id} group={group} />
                ))}
                {single.length > 0 && (
                  <ul className={cardList.list} aria-label="More sermons">
                    {single.map((sermon) => (
                      <li key={sermon.id}>
                        <SermonCard sermon={sermon} />
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </Reveal>
        )}

        {shown.worship && (
          <Reveal as="section" className={styles.section}>
            <SectionHeading id="worship-title" eyebrow="Worship" title="Worship With Us">
              Sunday worship is the heart of our week: songs old and new, prayer, and a welcome for everyone. Join us in
              person at 10:00 AM, or from wherever you are on the live stream.
            </SectionHeading>
          </Reveal>
        )}

        {shown.gallery && (
          <Reveal as="section" className={styles.section}>
            <SectionHeading id="gallery-title" eyebrow="Gallery" title="Photo Albums" />
            {albums.isPending ? (
              <LoadingState text="Loading albums..." />
            ) : !albums.data?.length ? (
              <EmptyState title="No Albums Available">Photos from our gatherings will appear here.</EmptyState>
            ) : (
              <AlbumGrid albums={albums.data} onOpen={setOpenAlbum} />
            )}
          </Reveal>
        )}

        <div className={styles.section}>
          <LiveStreamNotice />
        </div>
      </div>
      {openAlbum && <AlbumModal album={openAlbum} onClose={() => setOpenAlbum(null)} />}
    </>
  );
}
