import type { SermonSeries, SermonSeriesForm } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { mediaUrl, type MediaStorage } from '../../platform/media/storage.js';
import { saveWithImage, type ReceivedImage } from '../../platform/media/upload.js';
import type { SeriesRow } from './repository.js';
import type { SeriesRepository } from './series-repository.js';

const ARTWORK_FOLDER = 'sermons/series';

export class SeriesService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly storage: MediaStorage,
  ) {}

  async all(): Promise<SermonSeries[]> {
    return (await this.series.all()).map(toSeries);
  }

  async create(form: SermonSeriesForm, artwork: ReceivedImage | undefined): Promise<SermonSeries> {
    const created = await saveWithImage(this.storage, artwork, ARTWORK_FOLDER, (stored) =>
      this.series.create({ title: form.title, description: form.description, artwork: stored ?? null }),
    );
    return toSeries(created!);
  }

  /** Without new artwork the old stays; replaced artwork is removed once saved. */
  async update(id: number, form: SermonSeriesForm, artwork: ReceivedImage | undefined): Promise<SermonSeries> {
    const values = { title: form.title, description: form.description };
    const saved = await saveWithImage(this.storage, artwork, ARTWORK_FOLDER, (stored) =>
      this.series.update(id, stored ? { ...values, artwork: stored } : values),
    );
    if (!saved) throw AppError.notFound();
    if (saved.previousArtwork !== saved.series.artwork) await this.storage.remove(saved.previousArtwork);
    return toSeries(saved.series);
  }

  async remove(id: number): Promise<void> {
    const removed = await this.series.remove(id);
    if (!removed) throw AppError.notFound();
    await this.storage.remove(removed.artwork);
  }
}

export function toSeries(row: SeriesRow): SermonSeries {
  return { id: row.id, title: row.title, description: row.description, artwork: mediaUrl(row.artwork) };
}
