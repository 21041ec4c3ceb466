import type {
  CollectionUpload,
  PhotoCollection,
  PhotoCollectionForm,
  PublicCollection,
  StaffCollectionUpload,
  UploadFields,
  UploadStatus,
} from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import type { SpamGuard } from '../../http/spam-guard.js';
import type { LivePublisher } from '../../live/publisher.js';
import { sniffMedia } from '../../media/sniff.js';
import { mediaUrl, type MediaStorage } from '../../media/storage.js';
import type { ReceivedUpload } from '../../media/upload.js';
import type {
  CollectionRepository,
  CollectionRow,
  CollectionValues,
  CollectionWithCount,
  UploadRow,
} from './repository.js';

/** New and deleted uploads are pushed to the staff pages open on the collection once committed. */
export class CollectionService {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly storage: MediaStorage,
    private readonly live: LivePublisher,
    private readonly spam: SpamGuard,
  ) {}

  /** An active collection, or 404: uploads are refused before their body is read. */
  async openCollection(id: string): Promise<CollectionRow> {
    const collection = await this.collections.activeCollection(id);
    if (!collection) throw AppError.notFound();
    return collection;
  }

  async publicCollection(id: string): Promise<PublicCollection> {
    return toPublicCollection(await this.openCollection(id));
  }

  async publicUploads(id: string): Promise<CollectionUpload[]> {
    await this.openCollection(id);
    return (await this.collections.uploads(id)).map(toCollectionUpload);
  }

  /** The file is kept as sent until the worker has checked it and made its cleaned versions (see process-upload). */
  async addUpload(collection: CollectionRow, file: ReceivedUpload, fields: UploadFields): Promise<CollectionUpload> {
    const media = await sniffMedia(file.path);
    if (!media || (media.fileType === 'video' && !collection.allowVideos)) {
      const allowed = collection.allowVideos ? 'images or videos' : 'images only';
      throw new AppError(415, { file: [`This file type is not allowed. Upload ${allowed}.`] });
    }
    const stored = this.storage.newPath(collectionFolder(collection.id), media.extension);
    const values = {
      collectionId: collection.id,
      file: stored,
      fileType: media.fileType,
      mimeType: media.mimeType,
      originalFilename: file.originalFilename,
      uploaderName: fields.uploader_name,
      fileSize: file.size,
    };
    // A script's file is answered as if kept; the temporary file is removed by the caller.
    if (this.spam.isAutomated('photo upload', fields)) {
      return toCollectionUpload(await this.collections.unsavedUpload(values));
    }
    await this.storage.moveIn(file.path, stored);
    try {
      const upload = await this.collections.addUpload(values);
      if (!upload) throw AppError.notFound();
      this.live.uploadCreated(collection.id, toStaffCollectionUpload(upload));
      return toCollectionUpload(upload);
    } catch (error) {
      await this.storage.discard(stored);
      throw error;
    }
  }

  /** Staff follow a collection live while it exists, open to visitors or not. */
  async exists(id: string): Promise<boolean> {
    return (await this.collections.collection(id)) !== undefined;
  }

  async allCollections(): Promise<PhotoCollection[]> {
    return (await this.collections.collectionsNewestFirst()).map(toPhotoCollection);
  }

  async createCollection(form: PhotoCollectionForm): Promise<PhotoCollection> {
    const collection = await this.collections.createCollection(toCollectionValues(form));
    return toPhotoCollection({ collection, uploadCount: 0 });
  }

  async updateCollection(id: string, form: PhotoCollectionForm): Promise<PhotoCollection> {
    const updated = await this.collections.updateCollection(id, toCollectionValues(form));
    if (!updated) throw AppError.notFound();
    return toPhotoCollection(updated);
  }

  /** Files go only once the rows are gone for good, so a failed delete never leaves rows pointing at nothing. */
  async deleteCollection(id: string): Promise<void> {
    if (!(await this.collections.deleteCollection(id))) throw AppError.notFound();
    await this.storage.removeFolder(collectionFolder(id));
  }

  /** Staff see a collection's uploads whether or not it is open to visitors. */
  async staffUploads(id: string): Promise<StaffCollectionUpload[]> {
    if (!(await this.exists(id))) throw AppError.notFound();
    return (await this.collections.uploads(id)).map(toStaffCollectionUpload);
  }

  async deleteUpload(id: number): Promise<void> {
    const upload = await this.collections.deleteUpload(id);
    if (!upload) throw AppError.notFound();
    this.live.uploadDeleted(upload.collectionId, id);
    await this.storage.remove(upload.file, upload.thumbnail, upload.display, upload.poster);
  }
}

/** An upload as staff see it: with why it failed. The worker pushes it this way once processed. */
export function toStaffCollectionUpload(upload: UploadRow): StaffCollectionUpload {
  return { ...toCollectionUpload(upload), failure_reason: upload.failureReason };
}

/** Every file of a collection lives under this folder, so deleting the collection can sweep it whole. */
export function collectionFolder(id: string): string {
  return `collections/${id}`;
}

function toPublicCollection(collection: CollectionRow): PublicCollection {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    allow_videos: collection.allowVideos,
    max_file_size_mb: collection.maxFileSizeMb,
  };
}

function toPhotoCollection({ collection, uploadCount }: CollectionWithCount): PhotoCollection {
  return {
    ...toPublicCollection(collection),
    is_active: collection.isActive,
    created_at: collection.createdAt.toISOString(),
    upload_count: uploadCount,
  };
}

function toCollectionValues(form: PhotoCollectionForm): CollectionValues {
  return {
    name: form.name,
    description: form.description,
    allowVideos: form.allow_videos,
    maxFileSizeMb: form.max_file_size_mb,
    isActive: form.is_active,
  };
}

/** The stored file is only handed out once ready: until then it may still carry where a photo was taken. */
function toCollectionUpload(upload: UploadRow): CollectionUpload {
  const ready = upload.status === 'ready';
  return {
    id: upload.id,
    file: ready ? mediaUrl(upload.file) : null,
    file_type: upload.fileType as CollectionUpload['file_type'],
    mime_type: upload.mimeType,
    original_filename: upload.originalFilename,
    uploader_name: upload.uploaderName,
    uploaded_at: upload.uploadedAt.toISOString(),
    file_size_mb: Math.round((upload.fileSize / (1024 * 1024)) * 100) / 100,
    status: upload.status as UploadStatus,
    thumbnail: mediaUrl(upload.thumbnail),
    display: mediaUrl(upload.display),
    width: upload.width,
    height: upload.height,
    duration_seconds: upload.durationSeconds === null ? null : Number(upload.durationSeconds),
    poster: mediaUrl(upload.poster),
  };
}
