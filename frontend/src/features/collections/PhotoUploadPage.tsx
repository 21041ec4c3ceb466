import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { usePublicCollection } from './api';
import { MyUploads } from './MyUploads';
import { UploadForm } from './UploadForm';
import formCard from '../../components/FormCard.module.css';
import styles from './PhotoUploadPage.module.css';

export function PhotoUploadPage() {
  const collectionId = useParams().collectionId ?? '';
  const collection = usePublicCollection(collectionId);
  const toast = useToast();
  const failed = collection.isError;

  useEffect(() => {
    if (failed) toast.error('Failed to load collection');
  }, [failed, toast]);

  if (collection.isPending) {
    return (
      <div className={`container ${styles.page}`}>
        <LoadingState text="Loading collection..." />
      </div>
    );
  }
  if (collection.isError) {
    return (
      <div className={`container ${styles.page}`}>
        <section className={`${formCard.card} ${styles.result}`}>
          <h1 className={styles.resultTitle}>Collection Not Found</h1>
          <p>This photo collection does not exist or has been deactivated.</p>
          <ButtonLink to="/">Go Home</ButtonLink>
        </section>
      </div>
    );
  }

  const { name, description } = collection.data;
  return (
    <>
      <PageHero eyebrow="Share Your Photos" title={name || 'Photo Collection'}>
        <p>
          {description ||
            'Share your photos and videos with our church family, and help us remember these moments together.'}
        </p>
      </PageHero>
      <div className={`container ${styles.page}`}>
        <UploadForm collection={collection.data} />
        <MyUploads collectionId={collection.data.id} />
      </div>
    </>
  );
}
