import type { Sermon, SermonRequest } from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import { mediaUrl } from '../../media/storage.js';
import type { SermonRepository, SermonRow, SermonValues } from './repository.js';

const MEDIA_PREFIX = '/media/';

export class SermonService {
  constructor(private readonly sermons: SermonRepository) {}

  async all(): Promise<Sermon[]> {
    return (await this.sermons.newestFirst()).map(toSermon);
  }

  async latest(limit: number): Promise<Sermon[]> {
    return (await this.sermons.newestFirst(limit)).map(toSermon);
  }

  async create(request: SermonRequest): Promise<Sermon> {
    return toSermon(await this.sermons.create(toValues(request)));
  }

  async update(id: number, request: SermonRequest): Promise<Sermon> {
    const row = await this.sermons.update(id, toValues(request));
    if (!row) throw AppError.notFound();
    return toSermon(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.sermons.remove(id))) throw AppError.notFound();
  }
}

function toValues(request: SermonRequest): SermonValues {
  return {
    title: request.title,
    speaker: request.speaker,
    date: request.date,
    description: request.description,
    thumbnail: storedThumbnail(request.thumbnail),
    videoUrl: request.video_url,
  };
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

/** Media files are stored by their path inside the media folder, as uploads are; links as given. */
function storedThumbnail(thumbnail: string | null): string | null {
  return thumbnail?.startsWith(MEDIA_PREFIX) ? thumbnail.slice(MEDIA_PREFIX.length) : thumbnail;
}

/** A thumbnail is either an uploaded file or a link kept as given (e.g. a video site's image). */
function thumbnailUrl(stored: string | null): string | null {
  if (stored && /^https?:\/\//i.test(stored)) return stored;
  return mediaUrl(stored);
}
