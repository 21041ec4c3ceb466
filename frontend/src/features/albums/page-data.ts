import type { PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';

/** The albums visitors see, as the route of the page that shows them declares them (`handle.data`). */
export const publicAlbumsData: PageDataNeed = { queryKey: queryKeys.albums.public(), path: '/api/albums/public/' };
