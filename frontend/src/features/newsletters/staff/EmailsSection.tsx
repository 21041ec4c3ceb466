import { EMAIL_MESSAGES } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Alert, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { ApiError, api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useCampaignsRoom } from '../live';
import { LiveIndicator } from '../../../lib/live/LiveIndicator';
import { queryKeys } from '../../../lib/query-keys';
import { useSiteSettings } from '../../../lib/site';
import { CAMPAIGN_POLL_MS, useCampaignAction, useCustomSenders, useDraft, useRecipients, useSendEmail } from './api';
import { CampaignHistory } from './CampaignHistory';
import { CampaignKindChoice, SERVICE_NOT_CONFIRMED } from './CampaignKind';
import { CampaignProgress } from './CampaignProgress';
import { draftBody, formFromDraft } from './draft-form';
import { toEmailContent } from './formatting';
import { MessageEditor } from './MessageEditor';
import { PreviewModal } from './PreviewModal';
import { RecipientPicker } from './RecipientPicker';
import { emailKey, listedRecipients, recipientSummary, type EmailRecipient } from './recipients';
import { ScheduleModal } from './ScheduleModal';
import { SenderPicker } from './SenderPicker';
import { SuppressionsPanel } from './SuppressionsPanel';
import { TestSendModal } from './TestSendModal';
import { useDraftAutosave, type SaveState } from './useDraftAutosave';
import { customSenderError, senderOf, useEmailForm, type EmailFormState } from './useEmailForm';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './EmailsSection.module.css';

const SAVE_STATE: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — retrying',
};

type Dialog = 'preview' | 'test' | 'schedule' | null;

/** The draft being edited lives in the address (`?draft=12`), so a reload opens it again. */
function useDraftId(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const draftId = Number(params.get('draft')) || null;
  const setDraftId = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('draft');
        else next.set('draft', String(id));
        return next;
      },
      { replace: true },
    );
  return [draftId, setDraftId];
}

export function EmailsSection() {
  useCampaignsRoom();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const settings = useSiteSettings().data;
  const listed = useRecipients();
  const customSenders = useCustomSenders();
  const senders = customSenders.data ?? [];
  const send = useSendEmail();
  const schedule = useCampaignAction();
  const form = useEmailForm();
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [draftId, setDraftId] = useDraftId();
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const draft = useDraft(draftId !== loadedId ? draftId : null);
  const domain = settings?.email_domain ?? '';

  /** A newsletter leaves out everyone who has not agreed to it; the kind choice says how many. */
  const everyoneOf = (state: EmailFormState) => [...listedRecipients(listed.data ?? []), ...state.custom];
  const offeredTo = (state: EmailFormState): EmailRecipient[] =>
    state.kind === 'newsletter' ? everyoneOf(state).filter((recipient) => recipient.consent) : everyoneOf(state);
  const chosenOf = (state: EmailFormState): EmailRecipient[] =>
    offeredTo(state).filter((recipient) => state.selected.has(emailKey(recipient.email)));
  const recipients = offeredTo(form.state);
  const chosen = chosenOf(form.state);
  const summary = recipientSummary(chosen);
  const body = draftBody(form.state, chosen, senders, domain);

  const autosave = useDraftAutosave({
    draftId,
    body: draftId !== loadedId ? null : body,
    onCreated: (saved) => {
      setLoadedId(saved.id);
      setDraftId(saved.id);
    },
    onGone: () => {
      setLoadedId(null);
      setDraftId(null);
    },
  });

  // A draft named in the address is put into the form once, when what it refers to has loaded.
  useEffect(() => {
    if (draftId === null || draftId === loadedId) return;
    if (draft.isError) {
      toast.error('That draft could not be opened. It may have been sent or deleted.');
      setDraftId(null);
      return;
    }
    if (!draft.data || !listed.data || !customSenders.data || !settings) return;
    const loaded = formFromDraft(draft.data, listed.data, customSenders.data, settings.default_sender);
    form.load(loaded);
    autosave.settle(draftBody(loaded, chosenOf(loaded), customSenders.data, domain));
    setLoadedId(draftId);
    // Loading happens once per draft; the form's own changes must not load it again.
  }, [draftId, loadedId, draft.data, draft.isError, listed.data, customSenders.data, settings]);

  function startNew() {
    autosave.settle(null);
    form.reset();
    setLoadedId(null);
    setDraftId(null);
  }

  function openDraft(id: number) {
    // What was cached of it may predate the last edits: the draft is read afresh.
    queryClient.removeQueries({ queryKey: queryKeys.campaigns.detail(id), exact: true });
    autosave.settle(null);
    setLoadedId(null);
    setDraftId(id);
  }

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

  /** The written message is done with here (sent or scheduled): the editor starts afresh. */
  function finished() {
    autosave.settle(null);
    form.reset();
    setLoadedId(null);
    setDraftId(null);
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
      const saved = draftId === null ? null : await autosave.save();
      const answer = await send.mutateAsync({
        recipients: chosen.map(({ email, name }) => ({ email, name })),
        subject: form.state.subject.trim(),
        content: toEmailContent(form.state.content),
        ...senderOf(form.state, senders),
        kind: form.state.kind,
      });
      toast.success('Email sent successfully!');
      finished();
      setCampaignId(answer.id);
      // The draft became this email; one left behind would only be sent twice by mistake.
      if (saved !== null) void api.delete(`/api/admin/email/campaigns/${saved}/`).catch(() => undefined);
    } catch {
      toast.error('Error sending email. Please try again.');
    }
  }

  /** Preview, test and schedule work on the saved draft: saved first, then opened. */
  async function openForDraft(next: Exclude<Dialog, null>) {
    if (next === 'schedule') {
      const found = problem();
      if (found) return toast.error(found);
    }
    const id = await autosave.save();
    if (id === null) return toast.error('The draft could not be saved. Please try again.');
    setDialog(next);
  }

  function scheduleAt(sendAt: string) {
    const id = draftId;
    if (id === null) return;
    schedule.mutate(
      { campaignId: id, action: 'schedule', body: { send_at: sendAt } },
      {
        onSuccess: () => {
          toast.success(`Scheduled for ${formatDateTime(sendAt)} (London time)`);
          setDialog(null);
          finished();
        },
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && (error.detail ?? error.fieldErrors?.send_at?.[0])) ||
              'Error scheduling the email. Please try again.',
          ),
      },
    );
  }

  const testAddress = senderOf(form.state, senders).from_email || settings?.default_sender.email || '';
  const canUseDraft = body !== null || draftId !== null;

  return (
    <div className={staffPage.page}>
      <header className={styles.header}>
        <h1 className={staffPage.title}>Send Emails</h1>
        <LiveIndicator intervalMs={CAMPAIGN_POLL_MS} />
      </header>
      {campaignId !== null && <CampaignProgress campaignId={campaignId} />}
      {draftId !== null && draftId !== loadedId ? (
        <LoadingState text="Opening the draft..." />
      ) : (
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
            <CampaignKindChoice form={form} leftOut={everyoneOf(form.state).length - recipients.length} />
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
              <div className={styles.actions}>
                <Button
                  onClick={() => void submit()}
                  disabled={chosen.length === 0}
                  busy={send.isPending}
                  busyText="Sending..."
                >
                  Send Email
                </Button>
                <Button variant="secondary" disabled={!canUseDraft} onClick={() => void openForDraft('schedule')}>
                  Schedule…
                </Button>
                <Button variant="secondary" disabled={!canUseDraft} onClick={() => void openForDraft('preview')}>
                  Preview
                </Button>
                <Button variant="secondary" disabled={!canUseDraft} onClick={() => void openForDraft('test')}>
                  Send test
                </Button>
              </div>
              <div className={styles.actions}>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={body === null}
                  onClick={() =>
                    void autosave.save().then((id) => {
                      if (id !== null) toast.success('Draft saved');
                    })
                  }
                >
                  Save as draft
                </Button>
                <Button variant="ghost" size="sm" onClick={startNew}>
                  New email
                </Button>
                <span role="status" className={styles.muted}>
                  {draftId !== null || autosave.state !== 'idle' ? SAVE_STATE[autosave.state] : ''}
                </span>
              </div>
            </section>
          </div>
        </div>
      )}
      <CampaignHistory onOpenDraft={openDraft} />
      <SuppressionsPanel />
      {dialog === 'preview' && draftId !== null && (
        <PreviewModal campaignId={draftId} onClose={() => setDialog(null)} />
      )}
      {dialog === 'test' && draftId !== null && (
        <TestSendModal campaignId={draftId} defaultAddress={testAddress} onClose={() => setDialog(null)} />
      )}
      {dialog === 'schedule' && (
        <ScheduleModal busy={schedule.isPending} onSchedule={scheduleAt} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
