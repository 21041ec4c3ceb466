import type { Sermon } from '@gather/contracts';
import { mediaUrl } from '../../media/storage.js';
import type { SermonRepository, SermonRow } from './repository.js';

export class SermonService {
  constructor(private readonly sermons: SermonRepository) {}

  async all(): Promise<Sermon[]> {
    return (await this.sermons.newestFirst()).map(toSermon);
  }

  async latest(limit: number): Promise<Sermon[]> {
    return (await this.sermons.newestFirst(limit)).map(toSermon);
  }
}

function toSermon(row: SermonRow): Sermon {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    date: row.date,
    description: row.description,
    thumbnail: thumbnailUrl(row.thumbnail),
    video_url: row.videoUrl,
  };
}

/** A thumbnail is either an uploaded file or a link kept as given (e.g. a video site's image). */
function thumbnailUrl(stored: string | null): string | null {
  if (stored && /^https?:\/\//i.test(stored)) return stored;
  return mediaUrl(stored);
}
