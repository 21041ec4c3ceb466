import { EXPORT_LIFETIME_HOURS, type CollectionExport, type ExportStatus } from '@gather/contracts';
import type { ExportRow } from './export-repository.js';

/** Zips older than this are expired: the worker removes them when it builds the next one. */
export function expiryCutoff(now = Date.now()): Date {
  return new Date(now - EXPORT_LIFETIME_HOURS * 3600 * 1000);
}

/** An export as staff see it; the worker pushes its progress this way too. */
export function toCollectionExport(row: ExportRow): CollectionExport {
  return {
    id: row.id,
    status: row.status as ExportStatus,
    progress: row.progress,
    file_count: row.fileCount,
    size_bytes: row.sizeBytes,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
