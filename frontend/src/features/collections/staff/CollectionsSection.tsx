import type { PhotoCollection } from '@gather/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { ContentCard } from '../../../components/ContentCard';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDate, truncate } from '../../../lib/format';
import { PublicLinkActions } from '../../../components/PublicLinkActions';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { useCollections, useDeleteCollection } from './api';
import { CollectionFormModal } from './CollectionFormModal';
import styles from './CollectionsSection.module.css';
import { ReviewModal } from './ReviewModal';
import { UploadsModal } from './UploadsModal';

type Open =
  { modal: 'form'; collection?: PhotoCollection } | { modal: 'uploads' | 'review'; collection: PhotoCollection } | null;

/** The staff digest e-mail links here with ?review=<collection id>: that collection's waiting uploads open. */
function useReviewFromLink(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const clear = () =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        after.delete('review');
        return after;
      },
      { replace: true },
    );
  return [params.get('review'), clear];
}

export function CollectionsSection() {
  const collections = useCollections();
  const remove = useDeleteCollection();
  const confirm = useConfirm();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [linkedReview, clearLinkedReview] = useReviewFromLink();
  const linked = linkedReview ? collections.data?.find((collection) => collection.id === linkedReview) : undefined;
  const shown: Open = open ?? (linked ? { modal: 'review', collection: linked } : null);
  const close = () => {
    if (linkedReview) clearLinkedReview();
    setOpen(null);
  };

  const deleteCollection = async (collection: PhotoCollection) => {
    const yes = await confirm({
      title: `Delete the photo collection “${collection.name}”?`,
      message: `Are you sure you want to delete this photo collection? "${collection.name}" and all its uploads will be removed.`,
    });
    if (!yes) return;
    remove.mutate(collection.id, {
      onSuccess: () => toast.success('Photo collection deleted successfully!'),
      onError: () => toast.error('Error deleting photo collection. Please try again.'),
    });
  };

  return (
    <>
      <SectionHeader title="Photo Collections" description="Guests upload their photos and videos of an event here.">
        <Button onClick={() => setOpen({ modal: 'form' })}>Create Collection</Button>
      </SectionHeader>
      {collections.isPending && <LoadingState />}
      {!collections.isPending && !collections.data?.length && (
        <EmptyState title="No Photo Collections Found">Create a collection and share its upload link.</EmptyState>
      )}
      <CardGrid>
        {collections.data?.map((collection) => (
          <ContentCard
            key={collection.id}
            badge={
              <>
                <Badge tone={collection.is_active ? 'green' : 'grey'}>
                  {collection.is_active ? 'Active' : 'Inactive'}
                </Badge>
                {collection.allow_videos && <Badge tone="purple">Videos allowed</Badge>}
              </>
            }
            eyebrow={`Created ${formatDate(collection.created_at)}`}
            title={collection.name}
            facts={[
              `${collection.upload_count} ${collection.upload_count === 1 ? 'upload' : 'uploads'}`,
              ...(collection.requires_approval || collection.pending_count > 0
                ? [`${collection.pending_count} waiting for approval`]
                : []),
              `Up to ${collection.max_file_size_mb} MB a file`,
              ...(collection.requires_approval ? ['Uploads are shown once approved'] : []),
            ]}
            actions={
              <>
                <Button
                  size="sm"
                  variant={collection.pending_count > 0 ? 'secondary' : 'primary'}
                  onClick={() => setOpen({ modal: 'uploads', collection })}
                >
                  View Uploads<span className="visually-hidden"> of {collection.name}</span>
                </Button>
                {(collection.requires_approval || collection.pending_count > 0) && (
                  <Button
                    size="sm"
                    variant={collection.pending_count > 0 ? 'primary' : 'secondary'}
                    onClick={() => setOpen({ modal: 'review', collection })}
                  >
                    Review ({collection.pending_count})
                    <span className="visually-hidden"> uploads of {collection.name}</span>
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => setOpen({ modal: 'form', collection })}>
                  Edit<span className="visually-hidden"> {collection.name}</span>
                </Button>
                <Button size="sm" variant="quietDanger" onClick={() => deleteCollection(collection)}>
                  Delete<span className="visually-hidden"> {collection.name}</span>
                </Button>
                <PublicLinkActions
                  path={`/photo-upload/${collection.id}`}
                  title={collection.name}
                  name={collection.name}
                />
                <div className={styles.slideshowLinks}>
                  <span className={styles.linksLabel}>Slideshow</span>
                  <PublicLinkActions
                    path={`/photo-upload/${collection.id}/slideshow`}
                    title={`${collection.name}: slideshow`}
                    name={`the ${collection.name} slideshow`}
                  />
                </div>
              </>
            }
          >
            {collection.description && <p>{truncate(collection.description, 100)}</p>}
          </ContentCard>
        ))}
      </CardGrid>
      {shown?.modal === 'form' && <CollectionFormModal collection={shown.collection} onClose={close} />}
      {shown?.modal === 'uploads' && <UploadsModal collection={shown.collection} onClose={close} />}
      {shown?.modal === 'review' && <ReviewModal collection={shown.collection} onClose={close} />}
    </>
  );
}
