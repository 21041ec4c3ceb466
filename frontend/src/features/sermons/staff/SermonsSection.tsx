import type { Sermon, SermonSeries } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { CardPicture, ContentCard } from '../../../components/ContentCard';
import { EmptyState, LoadingState } from '../../../components/States';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { useToast } from '../../../components/Toast';
import { mediaUrl } from '../../../lib/api';
import { formatDate, truncate } from '../../../lib/format';
import { SeriesFormModal } from './SeriesFormModal';
import { SermonFormModal } from './SermonFormModal';
import { useDeleteSeries, useDeleteSermon, useRemoveSermonAudio, useSermonSeries, useStaffSermons } from './api';

type Open = { modal: 'sermon'; sermon?: Sermon } | { modal: 'series'; series?: SermonSeries } | null;

/** Sermons with their series and recordings; sermons with a recording make up the podcast (/podcast.xml). */
export function SermonsSection() {
  const sermons = useStaffSermons();
  const series = useSermonSeries();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <>
      <SectionHeader
        title="Sermons"
        description="Sermons, their series and recordings. Sermons with a recording are the podcast at /podcast.xml."
      >
        <Button variant="secondary" onClick={() => setOpen({ modal: 'series' })}>
          Create Series
        </Button>
        <Button onClick={() => setOpen({ modal: 'sermon' })}>Add Sermon</Button>
      </SectionHeader>

      <h2>Series</h2>
      {series.isPending && <LoadingState />}
      {!series.isPending && !series.data?.length && (
        <EmptyState title="No Series Yet">A series gathers its sermons together on the media page.</EmptyState>
      )}
      <CardGrid>
        {series.data?.map((one) => (
          <SeriesCard key={one.id} series={one} onEdit={() => setOpen({ modal: 'series', series: one })} />
        ))}
      </CardGrid>

      <h2>Sermons</h2>
      {sermons.isPending && <LoadingState />}
      {!sermons.isPending && !sermons.data?.length && (
        <EmptyState title="No Sermons Available">Add the first sermon.</EmptyState>
      )}
      <CardGrid>
        {sermons.data?.map((sermon) => (
          <SermonRow key={sermon.id} sermon={sermon} onEdit={() => setOpen({ modal: 'sermon', sermon })} />
        ))}
      </CardGrid>

      {open?.modal === 'sermon' && <SermonFormModal sermon={open.sermon} series={series.data ?? []} onClose={close} />}
      {open?.modal === 'series' && <SeriesFormModal series={open.series} onClose={close} />}
    </>
  );
}

function SeriesCard({ series, onEdit }: { series: SermonSeries; onEdit: () => void }) {
  const remove = useDeleteSeries();
  const confirm = useConfirm();
  const toast = useToast();
  const deleteSeries = async () => {
    const yes = await confirm({
      title: 'Delete series',
      message: `Delete the series "${series.title}"? Its sermons stay, in no series.`,
    });
    if (!yes) return;
    remove.mutate(series.id, {
      onSuccess: () => toast.success('Series deleted successfully!'),
      onError: () => toast.error('Error deleting series. Please try again.'),
    });
  };
  return (
    <ContentCard
      picture={<CardPicture src={mediaUrl(series.artwork)} alt={`Artwork of ${series.title}`} seed={series.id} />}
      title={series.title}
      actions={
        <>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit<span className="visually-hidden">{` ${series.title}`}</span>
          </Button>
          <Button size="sm" variant="danger" onClick={deleteSeries}>
            Delete<span className="visually-hidden">{` ${series.title}`}</span>
          </Button>
        </>
      }
    >
      {series.description && <p>{truncate(series.description, 80)}</p>}
    </ContentCard>
  );
}

function SermonRow({ sermon, onEdit }: { sermon: Sermon; onEdit: () => void }) {
  const remove = useDeleteSermon();
  const removeAudio = useRemoveSermonAudio();
  const confirm = useConfirm();
  const toast = useToast();
  const deleteSermon = async () => {
    const yes = await confirm({ title: 'Delete sermon', message: `Delete "${sermon.title}" and its recording?` });
    if (!yes) return;
    remove.mutate(sermon.id, {
      onSuccess: () => toast.success('Sermon deleted successfully!'),
      onError: () => toast.error('Error deleting sermon. Please try again.'),
    });
  };
  const deleteAudio = async () => {
    const yes = await confirm({
      title: 'Remove recording',
      message: `Remove the recording of "${sermon.title}"? It leaves the podcast.`,
    });
    if (!yes) return;
    removeAudio.mutate(sermon.id, {
      onSuccess: () => toast.success('Recording removed.'),
      onError: () => toast.error('Error removing the recording. Please try again.'),
    });
  };
  return (
    <ContentCard
      eyebrow={<time dateTime={sermon.date}>{formatDate(sermon.date)}</time>}
      title={sermon.title}
      facts={[
        sermon.speaker,
        sermon.series ? `Series: ${sermon.series.title}` : 'No series',
        sermon.audio_url ? 'In the podcast' : 'No recording',
      ]}
      actions={
        <>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit<span className="visually-hidden">{` ${sermon.title}`}</span>
          </Button>
          {sermon.audio_url && (
            <Button size="sm" variant="secondary" onClick={deleteAudio}>
              Remove recording<span className="visually-hidden">{` of ${sermon.title}`}</span>
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={deleteSermon}>
            Delete<span className="visually-hidden">{` ${sermon.title}`}</span>
          </Button>
        </>
      }
    >
      {sermon.audio_url && (
        <audio controls preload="none" src={sermon.audio_url} aria-label={`Recording of ${sermon.title}`} />
      )}
    </ContentCard>
  );
}
