import { defaultHomepageContent, type HomepageContent } from '@gather/contracts';
import type { HomepageRepository, HomepageRow } from './repository.js';

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
