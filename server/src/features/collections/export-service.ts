import type { CollectionExport, ExportStarted, ExportStatus } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { ExportRepository, ExportWithCollection } from './export-repository.js';
import { expiryCutoff, toCollectionExport } from './export-answers.js';

/** A finished zip to send: its stored path and the name the browser saves it under. */
export interface ZipDownload {
  file: string;
  filename: string;
}

/**
 * Download-all for staff: the zip is built by the worker (build-collection-zip); these calls
 * ask for one, follow its progress and fetch it once ready.
 */
export class ExportService {
  constructor(private readonly exports: ExportRepository) {}

  async start(collectionId: string, requestedBy: string, includePending = false): Promise<ExportStarted> {
    const started = await this.exports.start(collectionId, requestedBy, includePending);
    if (!started) throw AppError.notFound();
    return { id: started.id, status: started.status as ExportStatus, progress: started.progress };
  }

  async status(collectionId: string, exportId: string): Promise<CollectionExport> {
    return toCollectionExport((await this.find(collectionId, exportId)).export);
  }

  /** 404 until the zip is ready, as for one that never existed. */
  async download(collectionId: string, exportId: string): Promise<ZipDownload> {
    const { export: zip, collectionName } = await this.find(collectionId, exportId);
    if (zip.status !== 'ready' || !zip.file) throw AppError.notFound();
    return { file: zip.file, filename: `${slug(collectionName)}-photos.zip` };
  }

  private async find(collectionId: string, exportId: string): Promise<ExportWithCollection> {
    const found = await this.exports.exportOf(collectionId, exportId, expiryCutoff());
    if (!found) throw AppError.notFound();
    return found;
  }
}

/** A file name that reads like the collection and is safe in any header or file system. */
function slug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return words || 'collection';
}
