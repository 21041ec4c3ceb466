import type { ActivityEntry, ActivityFilters, ActivityQuery, Page } from '@gather/contracts';
import type { ActivityRecorder, StaffChange } from '../../platform/http/activity.js';
import { pageAnswer } from '../../platform/database/paging.js';
import type { ActivityRepository, ActivityRow } from './repository.js';

export class ActivityService implements ActivityRecorder {
  constructor(private readonly log: ActivityRepository) {}

  record(change: StaffChange): Promise<void> {
    return this.log.add(change);
  }

  async list(requestUrl: string, query: ActivityQuery): Promise<Page<ActivityEntry>> {
    const { count, rows } = await this.log.page(query);
    return pageAnswer(requestUrl, query, count, rows.map(toEntry));
  }

  filters(): Promise<ActivityFilters> {
    return this.log.filters();
  }
}

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staff: row.staffUsername,
    action: row.action,
    method: row.method,
    path: row.path,
    subject: row.subjectKind,
    subject_id: row.subjectId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}
