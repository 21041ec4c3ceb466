import { NOT_SERMON_AUDIO, UNKNOWN_SERIES, type Sermon, type SermonRequest } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { readSermonAudio } from './audio.js';
import { mediaUrl, type MediaStorage } from '../../platform/media/storage.js';
import type { ReceivedUpload } from '../../platform/media/upload.js';
import { toSeries } from './series-service.js';
import type { SermonRepository, SermonValues, SermonWithSeries } from './repository.js';

const MEDIA_PREFIX = '/media/';
const AUDIO_FOLDER = 'sermons/audio';

export class SermonService {
  constructor(
    private readonly sermons: SermonRepository,
    private readonly storage: MediaStorage,
  ) {}

  async all(): Promise<Sermon[]> {
    return (await this.sermons.newestFirst()).map(toSermon);
  }

  async latest(limit: number): Promise<Sermon[]> {
    return (await this.sermons.newestFirst(limit)).map(toSermon);
  }

  async create(request: SermonRequest): Promise<Sermon> {
    const id = await this.sermons.create(await this.valuesOf(request));
    return this.one(id);
  }

  async update(id: number, request: SermonRequest): Promise<Sermon> {
    if (!(await this.sermons.update(id, await this.valuesOf(request)))) throw AppError.notFound();
    return this.one(id);
  }

  async remove(id: number): Promise<void> {
    const removed = await this.sermons.remove(id);
    if (!removed) throw AppError.notFound();
    await this.storage.remove(removed.audioFile);
  }

  /** Puts a recording on a sermon (415 when its bytes are not MP3 or M4A audio); a replaced one is removed. */
  async attachAudio(id: number, upload: ReceivedUpload): Promise<Sermon> {
    const audio = await readSermonAudio(upload.path);
    if (!audio) throw new AppError(415, { file: [NOT_SERMON_AUDIO] });
    const stored = this.storage.newPath(AUDIO_FOLDER, audio.extension);
    await this.storage.moveIn(upload.path, stored);
    const replaced = await this.sermons
      .replaceAudio(id, {
        audioFile: stored,
        audioMimeType: audio.mimeType,
        audioSize: upload.size,
        audioDurationSeconds: audio.durationSeconds?.toFixed(2) ?? null,
      })
      .catch(async (error: unknown) => {
        await this.storage.remove(stored);
        throw error;
      });
    if (!replaced) {
      await this.storage.remove(stored);
      throw AppError.notFound();
    }
    await this.storage.remove(replaced.previous);
    return this.one(id);
  }

  async removeAudio(id: number): Promise<Sermon> {
    const replaced = await this.sermons.replaceAudio(id, {
      audioFile: null,
      audioMimeType: null,
      audioSize: null,
      audioDurationSeconds: null,
    });
    if (!replaced) throw AppError.notFound();
    await this.storage.remove(replaced.previous);
    return this.one(id);
  }

  private async one(id: number): Promise<Sermon> {
    const row = await this.sermons.find(id);
    if (!row) throw AppError.notFound();
    return toSermon(row);
  }

  private async valuesOf(request: SermonRequest): Promise<SermonValues> {
    if (request.series_id && !(await this.sermons.seriesExists(request.series_id)))
      throw AppError.invalid({ series_id: [UNKNOWN_SERIES] });
    return {
      title: request.title,
      speaker: request.speaker,
      date: request.date,
      description: request.description,
      thumbnail: storedThumbnail(request.thumbnail),
      videoUrl: request.video_url,
      // Left out, the series stays: older clients send the spec's fields only.
      ...(request.series_id !== undefined && { seriesId: request.series_id }),
    };
  }
}

export function toSermon({ sermon, series }: SermonWithSeries): Sermon {
  return {
    id: sermon.id,
    title: sermon.title,
    speaker: sermon.speaker,
    date: sermon.date,
    description: sermon.description,
    thumbnail: thumbnailUrl(sermon.thumbnail),
    video_url: sermon.videoUrl,
    series: series && toSeries(series),
    audio_url: mediaUrl(sermon.audioFile),
    audio_type: sermon.audioFile ? sermon.audioMimeType : null,
    audio_size: sermon.audioFile ? sermon.audioSize : null,
    audio_duration_seconds:
      sermon.audioFile && sermon.audioDurationSeconds !== null ? Number(sermon.audioDurationSeconds) : null,
  };
}

/** Media files are stored by their path inside the media folder, as uploads are; links as given. */
function storedThumbnail(thumbnail: string | null): string | null {
  return thumbnail?.startsWith(MEDIA_PREFIX) ? thumbnail.slice(MEDIA_PREFIX.length) : thumbnail;
}

/** A thumbnail is either an uploaded file or a link kept as given (e.g. a video site's image). */
export function thumbnailUrl(stored: string | null): string | null {
  if (stored && /^https?:\/\//i.test(stored)) return stored;
  return mediaUrl(stored);
}
