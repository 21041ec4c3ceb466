/** What other features use of sermons: the sitemap lists them with their thumbnails. */
export { SermonRepository } from './repository.js';
export { thumbnailUrl } from './service.js';
