import type { Page, PageQuery, Suppression } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { pageAnswer } from '../../platform/database/paging.js';
import type { SuppressionRepository, SuppressionRow } from './suppression-repository.js';

export class SuppressionService {
  constructor(private readonly suppressions: SuppressionRepository) {}

  async list(requestUrl: string, query: PageQuery): Promise<Page<Suppression>> {
    const { count, rows } = await this.suppressions.page(query);
    return pageAnswer(requestUrl, query, count, rows.map(suppressionAnswer));
  }

  async lift(id: number): Promise<void> {
    if (!(await this.suppressions.lift(id))) throw AppError.notFound();
  }
}

export function suppressionAnswer(row: SuppressionRow): Suppression {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    campaign_id: row.campaignId,
    created_at: row.createdAt.toISOString(),
  };
}
