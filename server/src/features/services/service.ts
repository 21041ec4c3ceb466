import { WEEK_DAYS, type ServiceRequest, type WeeklyService } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { ServiceRepository, ServiceRow, ServiceValues } from './repository.js';

/** The service layer of weekly services (the church kind of "service"). */
export class ServiceSchedule {
  constructor(private readonly services: ServiceRepository) {}

  /** The week as the church lives it: Monday to Sunday, earlier meetings first on the same day. */
  async active(): Promise<WeeklyService[]> {
    const rows = await this.services.active();
    return rows.sort(byWeekThenTime).map(toWeeklyService);
  }

  /** Staff see the paused services too, in the same week order. */
  async all(): Promise<WeeklyService[]> {
    const rows = await this.services.all();
    return rows.sort(byWeekThenTime).map(toWeeklyService);
  }

  async create(request: ServiceRequest): Promise<WeeklyService> {
    return toWeeklyService(await this.services.create(toValues(request)));
  }

  async update(id: number, request: ServiceRequest): Promise<WeeklyService> {
    const row = await this.services.update(id, toValues(request));
    if (!row) throw AppError.notFound();
    return toWeeklyService(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.services.remove(id))) throw AppError.notFound();
  }
}

function toValues(request: ServiceRequest): ServiceValues {
  return {
    name: request.name,
    day: request.day,
    time: request.time,
    description: request.description,
    zoomLink: request.zoom_link,
    isActive: request.is_active,
  };
}

function toWeeklyService(row: ServiceRow): WeeklyService {
  return {
    id: row.id,
    name: row.name,
    day: row.day,
    time: row.time,
    description: row.description,
    zoom_link: row.zoomLink,
    is_active: row.isActive,
  };
}

function byWeekThenTime(a: ServiceRow, b: ServiceRow): number {
  return dayIndex(a.day) - dayIndex(b.day) || minutesIntoDay(a.time) - minutesIntoDay(b.time) || a.id - b.id;
}

/** Days are free text; one the week does not know goes last. */
export function dayIndex(day: string): number {
  const index = WEEK_DAYS.findIndex((name) => name.toLowerCase() === day.trim().toLowerCase());
  return index === -1 ? WEEK_DAYS.length : index;
}

/** Times are free text such as "7:00 PM", "10 AM" or "19:00"; one that does not read as a time goes last. */
export function minutesIntoDay(time: string): number {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?m?\.?$/i.exec(time.trim());
  if (!match) return 24 * 60;
  const hour = Number(match[1]) % (match[3] ? 12 : 24);
  const afternoon = match[3]?.toLowerCase() === 'p' ? 12 : 0;
  return (hour + afternoon) * 60 + Number(match[2] ?? 0);
}
