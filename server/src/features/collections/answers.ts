import type { CollectionUpload, StaffCollectionUpload, UploadApproval, UploadStatus } from '@gather/contracts';
import { mediaUrl } from '../../platform/media/storage.js';
import type { UploadRow } from './repository.js';

/** Visitors see it in the public list and the slideshow: approved and processed. */
export function isShown(upload: UploadRow): boolean {
  return upload.approval === 'approved' && upload.status === 'ready';
}

/** An upload as staff see it: with why it failed. The worker pushes it this way once processed. */
export function toStaffCollectionUpload(upload: UploadRow): StaffCollectionUpload {
  return { ...toCollectionUpload(upload), failure_reason: upload.failureReason };
}

/** Every file of a collection lives under this folder, so deleting the collection can sweep it whole. */
export function collectionFolder(id: string): string {
  return `collections/${id}`;
}

/** The stored file is only handed out once ready: until then it may still carry where a photo was taken. */
export function toCollectionUpload(upload: UploadRow): CollectionUpload {
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
    approval: upload.approval as UploadApproval,
    thumbnail: mediaUrl(upload.thumbnail),
    display: mediaUrl(upload.display),
    width: upload.width,
    height: upload.height,
    duration_seconds: upload.durationSeconds === null ? null : Number(upload.durationSeconds),
    poster: mediaUrl(upload.poster),
  };
}
