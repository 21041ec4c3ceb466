import type { StaffQuestion, PublicSession } from '@gather/contracts';
import { useNavigate } from 'react-router-dom';
import { Button, DownloadButtonLink } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { LiveIndicator } from '../../../lib/live/LiveIndicator';
import { useQnaPanels } from '../../../lib/qna-panels';
import { MODERATOR_POLL_MS } from '../live';
import { questionsCsvPath, useEndSession } from './api';
import { buildExport, downloadJson, exportFileName } from './export';
import { liveQuestions, questionMetrics } from './ordering';
import styles from './ModeratorPage.module.css';

/** The spec's pause after ending a session, so the toast is read before the page changes. */
const END_REDIRECT_MS = 1_500;

interface ModeratorHeaderProps {
  session: PublicSession;
  questions: StaffQuestion[];
  autoRefresh: boolean;
  onAutoRefreshChange: (on: boolean) => void;
  onRefresh: () => Promise<unknown>;
  onEnding: () => void;
}

export function ModeratorHeader(props: ModeratorHeaderProps) {
  const { session, questions, autoRefresh, onAutoRefreshChange, onRefresh, onEnding } = props;
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const endSession = useEndSession(session.id);
  const metrics = questionMetrics(questions);
  const { exportParts } = useQnaPanels();

  async function refresh() {
    await onRefresh();
    toast.info('Questions refreshed');
  }

  function exportQuestions() {
    const save = (parts: Record<string, unknown>) => {
      const now = new Date();
      downloadJson(exportFileName(session.id, now), buildExport(session, liveQuestions(questions), now, parts));
      toast.success('Questions exported successfully');
    };
    if (!exportParts) return save({});
    exportParts(session.id).then(save, () => toast.error('The export could not be made. Please try again.'));
  }

  async function end() {
    const sure = await confirm({
      title: `End the session “${session.title}”?`,
      message: 'Are you sure you want to end this Q&A session? This action cannot be undone.',
      confirmLabel: 'End Session',
    });
    if (!sure) return;
    onEnding();
    const backToDashboard = () => setTimeout(() => navigate('/admin/dashboard'), END_REDIRECT_MS);
    try {
      await endSession.mutateAsync();
      toast.success('Session ended successfully');
      backToDashboard();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.warning('Session has already been ended or does not exist');
        backToDashboard();
      } else toast.error('Error ending session. Please try again.');
    }
  }

  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <div>
          <p className={styles.eyebrow}>Q&A moderation</p>
          <h1 className={styles.title}>{session.title}</h1>
          {session.description && <p className={styles.description}>{session.description}</p>}
        </div>
        <div className={styles.liveControls}>
          <LiveIndicator intervalMs={MODERATOR_POLL_MS} />
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={autoRefresh}
              onChange={(event) => onAutoRefreshChange(event.target.checked)}
            />
            Auto-refresh
          </label>
        </div>
      </div>
      <dl className={styles.metrics}>
        {(['total', 'new', 'reading', 'answered', 'skipped', 'pending'] as const).map((name) => (
          <div key={name} className={styles.metric}>
            <dt>{name}</dt>
            <dd>{metrics[name]}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.toolbar}>
        <Button variant="secondary" size="sm" onClick={() => void refresh()}>
          Refresh
        </Button>
        <Button variant="secondary" size="sm" onClick={exportQuestions}>
          Export JSON
        </Button>
        <DownloadButtonLink variant="secondary" size="sm" href={questionsCsvPath(session.id)}>
          Export CSV
        </DownloadButtonLink>
        <Button
          variant="quietDanger"
          size="sm"
          onClick={() => void end()}
          busy={endSession.isPending}
          busyText="Ending..."
        >
          End Session
        </Button>
      </div>
    </header>
  );
}
