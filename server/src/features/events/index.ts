/** What other features use of events: the sitemap lists them. */
export { EventRepository } from './repository.js';
