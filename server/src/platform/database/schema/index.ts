/**
 * Every table, for what needs the whole schema in one module: the Drizzle client and drizzle-kit. Code that
 * reads or writes a table imports it from the file of the feature that owns it.
 */
export * from './activity.js';
export * from './albums.js';
export * from './building-fund.js';
export * from './collections.js';
export * from './connect.js';
export * from './contact.js';
export * from './events.js';
export * from './gatherings.js';
export * from './giving.js';
export * from './homepage.js';
export * from './newsletters.js';
export * from './outbox.js';
export * from './qna.js';
export * from './polls.js';
export * from './sermons.js';
export * from './services.js';
export * from './staff.js';
export * from './second-factor.js';
export * from './church-settings.js';
export * from './registrations.js';
export * from './prayer.js';
