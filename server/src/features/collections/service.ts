import {
  MY_UPLOADS_MAX,
  uploadFieldsSchema,
  type CollectionUpload,
  type MyUpload,
  type MyUploadState,
  type PhotoCollection,
  type PhotoCollectionForm,
  type PublicCollection,
  type ReviewDecision,
  type StaffCollectionUpload,
  type UploadApproval,
  type UploadFields,
} from '@gather/contracts';
import { AppError, fieldErrorsFrom } from '../../platform/errors.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import { sniffMedia } from '../../platform/media/sniff.js';
import { mediaUrl, type MediaStorage } from '../../platform/media/storage.js';
import type { ReceivedUpload } from '../../platform/media/upload.js';
import { collectionFolder, isShown, toCollectionUpload, toStaffCollectionUpload } from './answers.js';
import { CollectionLive } from './live.js';
import type {
  CollectionRepository,
  CollectionRow,
  CollectionValues,
  CollectionWithCount,
  ReviewedUpload,
  UploadRow,
} from './repository.js';

/**
 * New, reviewed and deleted uploads are pushed to the staff pages open on the collection once
 * committed; those visitors may see (approved and ready) to its public room, for the slideshow.
 */
export class CollectionService {
  private readonly live: CollectionLive;

  constructor(
    private readonly collections: CollectionRepository,
    private readonly storage: MediaStorage,
    live: LivePublisher,
    private readonly spam: SpamGuard,
    /** How long after a collection's first new upload its staff digest goes (UPLOAD_DIGEST_SECONDS). */
    private readonly digestAfterMs = 3600_000,
  ) {
    this.live = new CollectionLive(live);
  }

  /** An active collection, or 404: uploads are refused before their body is read. */
  async openCollection(id: string): Promise<CollectionRow> {
    const collection = await this.collections.activeCollection(id);
    if (!collection) throw AppError.notFound();
    return collection;
  }

  async publicCollection(id: string): Promise<PublicCollection> {
    return toPublicCollection(await this.openCollection(id));
  }

  /** Only approved uploads: one waiting for staff, or turned down, is no visitor's to see. */
  async publicUploads(id: string): Promise<CollectionUpload[]> {
    await this.openCollection(id);
    return (await this.collections.approvedUploads(id)).map(toCollectionUpload);
  }

  /** The uploads this device sent to an open collection, with how each is getting on; nothing of anyone else's. */
  async myUploads(id: string, deviceId: string): Promise<MyUpload[]> {
    await this.openCollection(id);
    return (await this.collections.deviceUploads(id, deviceId, MY_UPLOADS_MAX)).map(toMyUpload);
  }

  /**
   * The file is kept as sent until the worker has checked it and made its cleaned versions (see
   * process-upload). `deviceId` lets the guest's page show them their own uploads' state.
   */
  async addUpload(
    collection: CollectionRow,
    file: ReceivedUpload,
    fields: UploadFields,
    deviceId?: string,
  ): Promise<CollectionUpload> {
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
      approval: collection.requiresApproval ? ('pending' as const) : ('approved' as const),
      deviceId: deviceId ?? null,
    };
    // A script's file is answered as if kept; the temporary file is removed by the caller.
    if (this.spam.isAutomated('photo upload', fields)) {
      return toCollectionUpload(await this.collections.unsavedUpload(values));
    }
    await this.storage.moveIn(file.path, stored);
    try {
      const upload = await this.collections.addUpload(
        values,
        collection.notifyUploads ? this.digestAfterMs : undefined,
      );
      if (!upload) throw AppError.notFound();
      this.live.uploadCreated(collection.id, toStaffCollectionUpload(upload));
      return toCollectionUpload(upload);
    } catch (error) {
      await this.storage.discard(stored);
      throw error;
    }
  }

  /** Open to visitors or not. */
  private async exists(id: string): Promise<boolean> {
    return (await this.collections.collection(id)) !== undefined;
  }

  async allCollections(): Promise<PhotoCollection[]> {
    return (await this.collections.collectionsNewestFirst()).map(toPhotoCollection);
  }

  async createCollection(form: PhotoCollectionForm): Promise<PhotoCollection> {
    const collection = await this.collections.createCollection(toCollectionValues(form));
    return toPhotoCollection({ collection, uploadCount: 0, pendingCount: 0 });
  }

  async updateCollection(id: string, form: PhotoCollectionForm): Promise<PhotoCollection> {
    const updated = await this.collections.updateCollection(id, toCollectionValues(form));
    if (!updated) throw AppError.notFound();
    if (!updated.collection.isActive) this.live.collectionClosed(id);
    return toPhotoCollection(updated);
  }

  /** Files go only once the rows are gone for good, so a failed delete never leaves rows pointing at nothing. */
  async deleteCollection(id: string): Promise<void> {
    if (!(await this.collections.deleteCollection(id))) throw AppError.notFound();
    this.live.collectionClosed(id);
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
    this.live.uploadDeleted(upload.collectionId, id, isShown(upload));
    await this.storage.remove(upload.file, upload.thumbnail, upload.display, upload.poster);
  }

  /** One upload approved or rejected; 404 when there is no such upload. */
  async reviewUpload(id: number, decision: ReviewDecision): Promise<StaffCollectionUpload> {
    const [reviewed] = await this.collections.review([id], approvalOf(decision));
    if (!reviewed) throw AppError.notFound();
    this.announceReview(reviewed);
    return toStaffCollectionUpload(reviewed.upload);
  }

  /** Several of one collection's uploads at once; ids of other collections or of none are skipped. */
  async reviewUploads(collectionId: string, ids: number[], decision: ReviewDecision): Promise<StaffCollectionUpload[]> {
    if (!(await this.exists(collectionId))) throw AppError.notFound();
    const reviewed = await this.collections.review([...new Set(ids)], approvalOf(decision), collectionId);
    for (const each of reviewed) this.announceReview(each);
    return reviewed.map((each) => toStaffCollectionUpload(each.upload));
  }

  /** Staff screens see every decision; the public room only an upload that appears or disappears for visitors. */
  private announceReview({ upload, wasApproved }: ReviewedUpload): void {
    this.live.uploadReviewed(upload.collectionId, toStaffCollectionUpload(upload));
    if (isShown(upload) && !wasApproved) {
      this.live.uploadShown(upload.collectionId, toCollectionUpload(upload));
    } else if (upload.approval !== 'approved' && wasApproved) {
      this.live.uploadHidden(upload.collectionId, upload.id);
    }
  }
}

/** The text fields sent with an upload, by either way in (a multipart form, or a resumable upload's metadata). */
export function uploadFieldsOf(sent: Record<string, unknown>): UploadFields {
  const fields = uploadFieldsSchema.safeParse(sent);
  if (!fields.success) throw AppError.invalid(fieldErrorsFrom(fields.error));
  return fields.data;
}

const approvalOf = (decision: ReviewDecision): UploadApproval => (decision === 'approve' ? 'approved' : 'rejected');

function toPublicCollection(collection: CollectionRow): PublicCollection {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    allow_videos: collection.allowVideos,
    max_file_size_mb: collection.maxFileSizeMb,
  };
}

function toPhotoCollection({ collection, uploadCount, pendingCount }: CollectionWithCount): PhotoCollection {
  return {
    ...toPublicCollection(collection),
    is_active: collection.isActive,
    created_at: collection.createdAt.toISOString(),
    upload_count: uploadCount,
    requires_approval: collection.requiresApproval,
    notify_uploads: collection.notifyUploads,
    pending_count: pendingCount,
  };
}

function toCollectionValues(form: PhotoCollectionForm): CollectionValues {
  return {
    name: form.name,
    description: form.description,
    allowVideos: form.allow_videos,
    maxFileSizeMb: form.max_file_size_mb,
    isActive: form.is_active,
    requiresApproval: form.requires_approval,
    notifyUploads: form.notify_uploads,
  };
}

function myUploadState(upload: UploadRow): MyUploadState {
  if (upload.status === 'failed') return 'failed';
  if (upload.approval === 'rejected') return 'not_approved';
  if (upload.status === 'processing') return 'processing';
  return upload.approval === 'pending' ? 'waiting' : 'shown';
}

function toMyUpload(upload: UploadRow): MyUpload {
  const state = myUploadState(upload);
  return {
    id: upload.id,
    file_type: upload.fileType as MyUpload['file_type'],
    original_filename: upload.originalFilename,
    uploaded_at: upload.uploadedAt.toISOString(),
    state,
    thumbnail:
      upload.status === 'ready' && state !== 'not_approved' ? mediaUrl(upload.thumbnail ?? upload.poster) : null,
  };
}
