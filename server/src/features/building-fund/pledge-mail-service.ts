import type { MessageAnswer, RemindersOffQuery, TaxYear, TaxYearStatementsAnswer } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import { AppError } from '../../platform/errors.js';
import type { LinkAnswer } from '../../platform/http/link-page.js';
import { statementParagraphs, statementSubject } from './pledge-letters.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { ReminderLinks } from './reminder-links.js';
import type { CampaignRepository } from '../newsletters/index.js';
import { queueStatement, setReminders, taxYearStatements } from './pledge-mail-repository.js';

/** Reminders switched on and off, and statements sent, one or a tax year's worth. */
export class PledgeMailService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignRepository,
    private readonly links: ReminderLinks,
    private readonly settings: Pick<MailSettings, 'churchName' | 'from'>,
  ) {}

  async setReminders(pledgeId: number, enabled: boolean): Promise<void> {
    if (!(await setReminders(this.db, pledgeId, enabled))) throw AppError.notFound();
  }

  /** The page the donor's link opens: it asks, and changes nothing (mail scanners open links too). */
  askRemindersOff(query: RemindersOffQuery): Promise<LinkAnswer> {
    this.checkLink(query);
    return Promise.resolve({
      title: 'Stop reminders',
      message: 'Would you like us to stop sending reminders about this pledge?',
      button: 'Stop reminders',
    });
  }

  /** The donor's own link, posted: only the signature for this pledge switches its reminders off. */
  async remindersOff(query: RemindersOffQuery): Promise<LinkAnswer> {
    this.checkLink(query);
    await setReminders(this.db, query.pledge, false);
    return {
      title: 'Reminders stopped',
      message: 'You will get no more reminders about this pledge. Thank you for your support.',
    };
  }

  private checkLink(query: RemindersOffQuery): void {
    if (!this.links.verify(query.pledge, query.token)) {
      throw AppError.badRequest('This link is not valid. Please use the link from the reminder itself.');
    }
  }

  async sendStatement(pledgeId: number): Promise<MessageAnswer> {
    if (!(await queueStatement(this.db, pledgeId))) throw AppError.notFound();
    return { message: 'Statement queued. It will be sent in a moment.' };
  }

  /**
   * One service campaign for the year, each delivery carrying its donor's own statement, so the
   * Send Emails list shows each donor's status as for any campaign.
   */
  async sendTaxYear(year: TaxYear, createdBy: string): Promise<TaxYearStatementsAnswer> {
    const donors = await taxYearStatements(this.db, year);
    if (donors.length === 0) {
      return { campaign_id: null, recipients: 0, message: `No gifts were received in the tax year ${year.label}.` };
    }
    const subject = statementSubject(this.settings, year.label);
    const campaign = await this.campaigns.create({
      subject,
      content: `Each donor's own statement of gifts received in the tax year ${year.label}.`,
      fromEmail: this.settings.from.address,
      fromName: this.settings.from.name,
      kind: 'service',
      createdBy,
      recipients: donors.map(({ email, statement }) => ({
        email,
        name: '',
        content: statementParagraphs(this.settings, statement).join('\n\n'),
      })),
    });
    return {
      campaign_id: campaign.id,
      recipients: donors.length,
      message: `Statements for ${year.label} are being sent to ${donors.length} donors.`,
    };
  }
}
