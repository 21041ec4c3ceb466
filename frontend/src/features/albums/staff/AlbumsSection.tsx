import type { Album } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { CardPicture, ContentCard } from '../../../components/ContentCard';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { mediaUrl } from '../../../lib/api';
import { truncate } from '../../../lib/format';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { AddPhotosModal } from './AddPhotosModal';
import { AlbumFormModal } from './AlbumFormModal';
import { AlbumPhotosModal } from './AlbumPhotosModal';
import { useDeleteAlbum, useStaffAlbums } from './api';

type Open =
  { modal: 'form'; album?: Album } | { modal: 'photos'; album: Album } | { modal: 'add'; albumId?: number } | null;

export function AlbumsSection() {
  const albums = useStaffAlbums();
  const remove = useDeleteAlbum();
  const confirm = useConfirm();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const deleteAlbum = async (album: Album) => {
    const yes = await confirm({
      title: `Delete the album “${album.title}”?`,
      message: `Are you sure you want to delete this album? "${album.title}" and all its images will be removed.`,
    });
    if (!yes) return;
    remove.mutate(album.id, {
      onSuccess: () => toast.success('Album deleted successfully!'),
      onError: () => toast.error('Error deleting album. Please try again.'),
    });
  };

  return (
    <>
      <SectionHeader title="Media" description="Photo albums on the media page.">
        <Button variant="secondary" onClick={() => setOpen({ modal: 'add' })} disabled={!albums.data?.length}>
          Add Images
        </Button>
        <Button onClick={() => setOpen({ modal: 'form' })}>Create Album</Button>
      </SectionHeader>
      {albums.isPending && <LoadingState />}
      {!albums.isPending && !albums.data?.length && (
        <EmptyState title="No Albums Found">Create an album, then add its images.</EmptyState>
      )}
      <CardGrid>
        {albums.data?.map((album) => (
          <ContentCard
            key={album.id}
            picture={
              <CardPicture
                src={mediaUrl(album.cover_image ?? album.first_photo?.image)}
                alt={`Cover of ${album.title}`}
                seed={album.id}
              />
            }
            badge={album.is_featured ? <Badge tone="teal">Featured</Badge> : undefined}
            title={album.title}
            facts={[`${album.photo_count} ${album.photo_count === 1 ? 'photo' : 'photos'}`]}
            actions={
              <>
                <Button size="sm" onClick={() => setOpen({ modal: 'photos', album })}>
                  View Images
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setOpen({ modal: 'add', albumId: album.id })}>
                  Add Images
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setOpen({ modal: 'form', album })}>
                  Edit<span className="visually-hidden"> {album.title}</span>
                </Button>
                <Button size="sm" variant="quietDanger" onClick={() => deleteAlbum(album)}>
                  Delete<span className="visually-hidden"> {album.title}</span>
                </Button>
              </>
            }
          >
            {album.description && <p>{truncate(album.description, 80)}</p>}
          </ContentCard>
        ))}
      </CardGrid>
      {open?.modal === 'form' && <AlbumFormModal album={open.album} onClose={close} />}
      {open?.modal === 'photos' && <AlbumPhotosModal album={open.album} onClose={close} />}
      {open?.modal === 'add' && <AddPhotosModal albums={albums.data ?? []} albumId={open.albumId} onClose={close} />}
    </>
  );
}
