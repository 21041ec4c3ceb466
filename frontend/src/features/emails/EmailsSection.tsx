import { EMAIL_MESSAGES } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { useConfirm } from '../../components/Confirm';
import { Alert, LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { useJobsRoom } from '../../lib/live/rooms';
import { LiveIndicator } from '../../lib/live/LiveIndicator';
import { useSiteSettings } from '../../lib/site';
import { CAMPAIGN_POLL_MS, useCustomSenders, useRecipients, useSendEmail } from './api';
import { CampaignHistory } from './CampaignHistory';
import { CampaignKindChoice, SERVICE_NOT_CONFIRMED } from './CampaignKind';
import { CampaignProgress } from './CampaignProgress';
import { toEmailContent } from './formatting';
import { MessageEditor } from './MessageEditor';
import { RecipientPicker } from './RecipientPicker';
import { emailKey, listedRecipients, recipientSummary } from './recipients';
import { SenderPicker } from './SenderPicker';
import { SuppressionsPanel } from './SuppressionsPanel';
import { customSenderError, senderOf, useEmailForm } from './useEmailForm';
import staffPage from '../../components/StaffPage.module.css';
import styles from './EmailsSection.module.css';

export function EmailsSection() {
  useJobsRoom();
  const toast = useToast();
  const confirm = useConfirm();
  const settings = useSiteSettings().data;
  const listed = useRecipients();
  const senders = useCustomSenders().data ?? [];
  const send = useSendEmail();
  const form = useEmailForm();
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const domain = settings?.email_domain ?? '';

  const everyone = [...listedRecipients(listed.data ?? []), ...form.state.custom];
  // A newsletter leaves out everyone who has not agreed to it; the kind choice says how many.
  const recipients = form.state.kind === 'newsletter' ? everyone.filter((recipient) => recipient.consent) : everyone;
  const chosen = recipients.filter((recipient) => form.state.selected.has(emailKey(recipient.email)));
  const summary = recipientSummary(chosen);

  /** The spec's checks, in its order; the first that fails is the one shown. */
  function problem(): string | null {
    const { subject, content, sender, customEmail } = form.state;
    if (!subject.trim() || !content.trim()) return EMAIL_MESSAGES.subjectAndContent;
    if (chosen.length === 0) return EMAIL_MESSAGES.noRecipients;
    if (form.state.kind === 'service' && !form.state.serviceConfirmed) return SERVICE_NOT_CONFIRMED;
    if (sender === 'custom') {
      if (!customEmail.trim()) return EMAIL_MESSAGES.customEmailRequired;
      return customSenderError(customEmail, domain);
    }
    return null;
  }

  async function submit() {
    const found = problem();
    if (found) {
      toast.error(found);
      return;
    }
    const count = chosen.length;
    const sure = await confirm({
      title: 'Send email',
      message: `Send this email to ${count} ${count === 1 ? 'recipient' : 'recipients'}?`,
      confirmLabel: 'Send',
      tone: 'primary',
    });
    if (!sure) return;
    try {
      const answer = await send.mutateAsync({
        recipients: chosen.map(({ email, name }) => ({ email, name })),
        subject: form.state.subject.trim(),
        content: toEmailContent(form.state.content),
        ...senderOf(form.state, senders),
        kind: form.state.kind,
      });
      toast.success('Email sent successfully!');
      form.reset();
      setCampaignId(answer.id);
    } catch {
      toast.error('Error sending email. Please try again.');
    }
  }

  return (
    <div className={staffPage.page}>
      <header className={styles.header}>
        <h1 className={staffPage.title}>Send Emails</h1>
        <LiveIndicator intervalMs={CAMPAIGN_POLL_MS} />
      </header>
      {campaignId !== null && <CampaignProgress campaignId={campaignId} />}
      <div className={styles.columns}>
        {listed.isPending ? (
          <LoadingState text="Loading recipients..." />
        ) : (
          <div>
            {listed.isError && <Alert>Error loading recipients. Please try again.</Alert>}
            <RecipientPicker recipients={recipients} form={form} />
          </div>
        )}
        <div className={styles.stack}>
          <SenderPicker form={form} senders={senders} defaultSender={settings?.default_sender} domain={domain} />
          <CampaignKindChoice form={form} leftOut={everyone.length - recipients.length} />
          <MessageEditor form={form} />
          <section className={styles.panel} aria-label="Selected recipients">
            <p className={styles.summary}>
              <strong>
                {chosen.length} {chosen.length === 1 ? 'recipient' : 'recipients'} selected
              </strong>
              {summary.shown.length > 0 && (
                <span className={styles.muted}>
                  {': '}
                  {summary.shown.map((recipient) => recipient.email).join(', ')}
                  {summary.more > 0 && ` +${summary.more} more`}
                </span>
              )}
            </p>
            <Button
              onClick={() => void submit()}
              disabled={chosen.length === 0}
              busy={send.isPending}
              busyText="Sending..."
            >
              Send Email
            </Button>
          </section>
        </div>
      </div>
      <CampaignHistory />
      <SuppressionsPanel />
    </div>
  );
}
