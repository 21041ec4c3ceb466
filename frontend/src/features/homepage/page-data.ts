import type { PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';

/** The homepage's texts, as the route of the page that shows them declares them (`handle.data`). */
export const homepageData: PageDataNeed = { queryKey: queryKeys.homepage(), path: '/api/homepage/' };
