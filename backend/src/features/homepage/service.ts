import type { HomepageContent } from '@gather/contracts';
import type { HomepageRepository, HomepageRow } from './repository.js';

/** What the home page says before anyone has written its texts. */
export function defaultHomepageContent(churchName: string): HomepageContent {
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

export class HomepageService {
  constructor(
    private readonly homepage: HomepageRepository,
    private readonly churchName: string,
  ) {}

  async content(): Promise<HomepageContent> {
    const row = await this.homepage.find();
    return row ? toContent(row) : defaultHomepageContent(this.churchName);
  }

  async save(content: HomepageContent): Promise<HomepageContent> {
    return toContent(await this.homepage.save(content));
  }
}

function toContent(row: HomepageRow): HomepageContent {
  return {
    heroTitle: row.heroTitle,
    heroSubtitle: row.heroSubtitle,
    heroCta: row.heroCta,
    welcomeTitle: row.welcomeTitle,
    welcomeMessage: row.welcomeMessage,
  };
}
