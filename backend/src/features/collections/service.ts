import { ORIGINAL_FILENAME_MAX, type CollectionUpload, type PublicCollection } from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import { sniffMedia } from '../../media/sniff.js';
import { mediaUrl, type MediaStorage } from '../../media/storage.js';
import type { CollectionRepository, CollectionRow, UploadRow } from './repository.js';

/** A file already on disk in the temporary folder; whoever received it removes it afterwards. */
export interface ReceivedFile {
  path: string;
  size: number;
  originalFilename: string;
}

export class CollectionService {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly storage: MediaStorage,
  ) {}

  /** An active collection, or 404: uploads are refused before their body is read. */
  async openCollection(id: string): Promise<CollectionRow> {
    const collection = await this.collections.activeCollection(id);
    if (!collection) throw AppError.notFound();
    return collection;
  }

  async publicCollection(id: string): Promise<PublicCollection> {
    const collection = await this.openCollection(id);
    return {
      id: collection.id,
      name: collection.name,
      description: collection.description,
      allow_videos: collection.allowVideos,
      max_file_size_mb: collection.maxFileSizeMb,
    };
  }

  async publicUploads(id: string): Promise<CollectionUpload[]> {
    await this.openCollection(id);
    return (await this.collections.uploads(id)).map(toCollectionUpload);
  }

  async addUpload(collection: CollectionRow, file: ReceivedFile, uploaderName: string): Promise<CollectionUpload> {
    const media = await sniffMedia(file.path);
    if (!media || (media.fileType === 'video' && !collection.allowVideos)) {
      const allowed = collection.allowVideos ? 'images or videos' : 'images only';
      throw new AppError(415, { file: [`This file type is not allowed. Upload ${allowed}.`] });
    }
    const stored = this.storage.newPath(`collections/${collection.id}`, media.extension);
    await this.storage.moveIn(file.path, stored);
    try {
      const upload = await this.collections.addUpload({
        collectionId: collection.id,
        file: stored,
        fileType: media.fileType,
        mimeType: media.mimeType,
        originalFilename: cleanFilename(file.originalFilename),
        uploaderName,
        fileSize: file.size,
      });
      if (!upload) throw AppError.notFound();
      return toCollectionUpload(upload);
    } catch (error) {
      await this.storage.remove(stored);
      throw error;
    }
  }
}

/** The visitor's file name is only shown back, so keep its last path part, without control characters. */
function cleanFilename(name: string): string {
  const lastPart = name.split(/[\\/]/).pop() ?? '';
  return lastPart
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, ORIGINAL_FILENAME_MAX);
}

function toCollectionUpload(upload: UploadRow): CollectionUpload {
  return {
    id: upload.id,
    file: mediaUrl(upload.file)!,
    file_type: upload.fileType as CollectionUpload['file_type'],
    mime_type: upload.mimeType,
    original_filename: upload.originalFilename,
    uploader_name: upload.uploaderName,
    uploaded_at: upload.uploadedAt.toISOString(),
    file_size_mb: Math.round((upload.fileSize / (1024 * 1024)) * 100) / 100,
  };
}
