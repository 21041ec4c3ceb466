import type { PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';

/** The newest `limit` sermons, as the routes of the pages that show them declare them (`handle.data`). */
export function latestSermonsData(limit: number): PageDataNeed {
  return { queryKey: queryKeys.sermons.latest(limit), path: `/api/sermons/latest/?limit=${limit}` };
}
