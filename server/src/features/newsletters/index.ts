/** What other features use of newsletters: consent given on their forms, and service campaigns they send. */
export { giveConsent, type ConsentSource } from './consent.js';
export { CampaignRepository } from './campaign-repository.js';
