import {
  CURRENT_GATHERING_DAYS_BACK,
  todayIn,
  type CurrentGathering,
  type Gathering,
  type GatheringValues,
  type PublicGathering,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { GatheringFields, GatheringRepository, GatheringRow, LinkedGathering } from './repository.js';
import type { TimeZone } from '../../platform/church-settings/time-zone.js';

const MISSING_LINK = {
  qna_session_id: 'This Q&A session does not exist.',
  collection_id: 'This photo collection does not exist.',
  sermon_id: 'This sermon does not exist.',
} as const;

/** Gatherings: staff plan them, visitors reach them by one QR code. */
export class GatheringService {
  constructor(
    private readonly gatherings: GatheringRepository,
    private readonly timeZone: TimeZone,
  ) {}

  async all(): Promise<Gathering[]> {
    return (await this.gatherings.all()).map(toGathering);
  }

  async create(values: GatheringValues): Promise<Gathering> {
    const fields = await this.checkedFields(values);
    return toGathering(await this.gatherings.create(fields));
  }

  async update(id: string, values: GatheringValues): Promise<Gathering> {
    const fields = await this.checkedFields(values);
    const row = await this.gatherings.update(id, fields);
    if (!row) throw AppError.notFound();
    return toGathering(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.gatherings.remove(id))) throw AppError.notFound();
  }

  async publicGathering(id: string): Promise<PublicGathering> {
    const linked = await this.gatherings.linked(id);
    if (!linked) throw AppError.notFound();
    return toPublicGathering(linked);
  }

  /**
   * `/sunday`: today's gathering (by the church's calendar); else the most recent one of the last six days, so
   * the week after a Sunday its notes and photos stay up; else the next one ahead. None when there is none.
   */
  async current(now = new Date()): Promise<CurrentGathering> {
    const today = todayIn(this.timeZone(), now);
    const linked = await this.gatherings.current(today, daysBefore(today, CURRENT_GATHERING_DAYS_BACK));
    return { gathering: linked ? toPublicGathering(linked) : null };
  }

  private async checkedFields(values: GatheringValues): Promise<GatheringFields> {
    const fields: GatheringFields = {
      title: values.title,
      date: values.date,
      qnaSessionId: values.qna_session_id,
      collectionId: values.collection_id,
      sermonId: values.sermon_id,
      sermonNotes: values.sermon_notes,
    };
    const missing = await this.gatherings.missingLinks(fields);
    if (missing.length)
      throw AppError.invalid(Object.fromEntries(missing.map((field) => [field, [MISSING_LINK[field]]])));
    return fields;
  }
}

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function toGathering(row: GatheringRow): Gathering {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    qna_session_id: row.qnaSessionId,
    collection_id: row.collectionId,
    sermon_id: row.sermonId,
    sermon_notes: row.sermonNotes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toPublicGathering({ gathering, qnaActive, collectionActive, sermon }: LinkedGathering): PublicGathering {
  return {
    id: gathering.id,
    title: gathering.title,
    date: gathering.date,
    qna_session_id: qnaActive ? gathering.qnaSessionId : null,
    collection_id: collectionActive ? gathering.collectionId : null,
    sermon: sermon ? { title: sermon.title, speaker: sermon.speaker, video_url: sermon.videoUrl } : null,
    sermon_notes: gathering.sermonNotes,
  };
}
