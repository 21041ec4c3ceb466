import { remainingBalance, type Pledge, type PledgeRequest } from '@gather/contracts';
import type { PledgeRepository, PledgeRow } from './repository.js';

export class PledgeService {
  constructor(private readonly pledges: PledgeRepository) {}

  /** New pledges start pending (the column's default) until staff confirm them. */
  async pledge(request: PledgeRequest): Promise<Pledge> {
    return toPledgeAnswer(await this.pledges.add(request));
  }
}

function fullName({ firstName, middleName, lastName }: Pick<PledgeRow, 'firstName' | 'middleName' | 'lastName'>) {
  return [firstName, middleName, lastName].filter(Boolean).join(' ');
}

/** The donor's view of a pledge: everything but the staff's notes. */
export function toPledgeAnswer(row: PledgeRow): Pledge {
  return {
    id: row.id,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    full_name: fullName(row),
    email: row.email,
    phone: row.phone,
    total_pledge: row.totalPledge,
    currency: row.currency as Pledge['currency'],
    payment_type: row.paymentType as Pledge['payment_type'],
    payment_amount: row.paymentAmount,
    remaining_balance: remainingBalance(row.totalPledge, row.paymentAmount),
    pay_by_date: row.payByDate,
    payment_method: row.paymentMethod as Pledge['payment_method'],
    message: row.message,
    payment_status: row.paymentStatus as Pledge['payment_status'],
    created_at: row.createdAt.toISOString(),
  };
}
