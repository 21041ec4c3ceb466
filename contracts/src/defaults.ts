/**
 * Texts the site falls back on, shared by the API and the pages. No zod here: the public pages
 * import this file alone (`@gather/contracts/defaults`) and stay light.
 */

/** What an event's button says when staff left its text empty. */
export const DEFAULT_BUTTON_TEXT = 'Learn More';

/** What the home page says before anyone has written its texts. */
export function defaultHomepageContent(churchName: string) {
  return {
    heroTitle: `Welcome to ${churchName}`,
    heroSubtitle: 'A church family in north London, growing together in faith, hope and love.',
    heroCta: 'Join Us This Sunday',
    welcomeTitle: 'You Belong Here',
    welcomeMessage:
      'Whoever you are and wherever you are on your journey, there is a place for you at our table. ' +
      'Come as you are on Sunday at 10:00 AM, or join us online.',
  };
}
