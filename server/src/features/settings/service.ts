import {
  FIRST_RUN_STEPS,
  type ChurchSettings,
  type FirstRunChecklist,
  type FirstRunStep,
  type TestEmailAnswer,
  type TestEmailRequest,
} from '@gather/contracts';
import { DEMO_CHURCH } from '../../platform/church-settings/demo-church.js';
import type { ChurchSettingsStore } from '../../platform/church-settings/store.js';
import { AppError } from '../../platform/errors.js';
import { draftMessage } from '../../platform/mail/letter.js';
import type { MailMessage, MailSettings } from '../../platform/mail/settings.js';
import type { MailServerAnswer } from '../../platform/mail/test-send.js';
import type { SettingsRepository } from './repository.js';

export const NO_OWN_ADDRESS =
  'Your staff account has no e-mail address: send the test to the church’s address instead.';

interface SettingsParts {
  church: Pick<ChurchSettingsStore, 'current' | 'save'>;
  settings: SettingsRepository;
  mail: MailSettings;
  send: (message: MailMessage) => Promise<MailServerAnswer>;
  publicUrlSet: boolean;
}

/** The church's details, the mail check and the first-run checklist. */
export class SettingsService {
  constructor(private readonly parts: SettingsParts) {}

  details(): Promise<ChurchSettings> {
    return this.parts.church.current({ reread: true });
  }

  save(details: ChurchSettings): Promise<ChurchSettings> {
    return this.parts.church.save(details);
  }

  /**
   * Sends a test e-mail at once through the mail server the site uses, and answers its reply. It goes only to the
   * staff member's own address or the church's: the button must not become a way to mail anyone.
   */
  async sendTestEmail({ to }: TestEmailRequest, username: string): Promise<TestEmailAnswer> {
    const church = await this.parts.church.current();
    const address =
      to === 'me'
        ? await this.parts.settings.staffEmail(username)
        : to === 'contact'
          ? church.church_contact_email
          : church.church_notify_email;
    if (!address) throw AppError.invalid({ to: [NO_OWN_ADDRESS] });
    const message = draftMessage(this.parts.mail, {
      to: { name: '', address },
      subject: `Test e-mail from the ${church.church_name} website`,
      blocks: [
        { paragraph: `${username} sent this from Settings to check that the website's mail reaches people.` },
        { paragraph: 'If you are reading it, mail works: there is nothing else to do.' },
      ],
    });
    const answer = await this.parts.send(message);
    if (answer.ok) {
      await this.parts.settings.recordTestEmail({ at: new Date().toISOString(), reply: answer.reply });
    }
    return { ok: answer.ok, to: address, server_reply: answer.reply };
  }

  /** Each step is read from the data, so work done anywhere (not only here) ticks it. */
  async checklist(): Promise<FirstRunChecklist> {
    const [church, testEmail, demoLeft, staff] = await Promise.all([
      this.parts.church.current(),
      this.parts.settings.testEmail(),
      this.parts.settings.demoItemsLeft(),
      this.parts.settings.activeStaffAccounts(),
    ]);
    const done: Record<FirstRunStep, boolean> = {
      church_details:
        church.church_name !== DEMO_CHURCH.name &&
        church.church_address !== DEMO_CHURCH.address &&
        church.church_phone !== DEMO_CHURCH.phone,
      bank_details:
        church.bank_sort_code !== DEMO_CHURCH.sortCode && church.bank_account_number !== DEMO_CHURCH.accountNumber,
      test_email: testEmail !== undefined,
      demo_content_removed: demoLeft === 0,
      // The first account is the one made at install; a church's own team starts with the next.
      staff_account_added: staff >= 2,
      public_url: this.parts.publicUrlSet,
    };
    const steps = FIRST_RUN_STEPS.map((step) => ({ step, done: done[step] }));
    return { steps, complete: steps.every((step) => step.done) };
  }

  async removeDemoContent(): Promise<{ removed: number }> {
    return { removed: await this.parts.settings.removeDemoContent() };
  }
}
