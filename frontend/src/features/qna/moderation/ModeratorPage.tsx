import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { usePollingFallback } from '../../../lib/live/hooks';
import { useQnaPanels } from '../../../lib/qna-panels';
import { MODERATOR_POLL_MS, useQnaRoom } from '../live';
import { useModeratedQuestions, useModeratedSession } from './api';
import { ModeratorHeader } from './ModeratorHeader';
import { ModeratorWorkspace } from './ModeratorWorkspace';
import styles from './ModeratorPage.module.css';

/** How long the "not found" warning shows before the moderator is taken back to the dashboard. */
const NOT_FOUND_REDIRECT_MS = 2_000;

export function ModeratorPage() {
  const sessionId = useParams().sessionId ?? '';
  const session = useModeratedSession(sessionId);
  const room = useQnaRoom(sessionId, 'staff');
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [endedHere, setEndedHere] = useState(false);
  const fallback = usePollingFallback(MODERATOR_POLL_MS);
  const questions = useModeratedQuestions(sessionId, autoRefresh ? fallback : false, session.isSuccess);
  useNotFoundRedirect(session.error, endedHere);
  const { Moderator } = useQnaPanels();

  if (session.isPending) {
    return (
      <main id="main" tabIndex={-1} className={styles.page}>
        <LoadingState text="Loading session..." />
      </main>
    );
  }
  const gone = session.isError || ((room.ended || session.data.is_active === false) && !endedHere);
  if (gone) return <SessionNotFound />;

  // A page of its own, outside the staff console's frame: the main landmark is its own too.
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <ModeratorHeader
        session={session.data}
        questions={questions.data ?? []}
        autoRefresh={autoRefresh}
        onAutoRefreshChange={setAutoRefresh}
        onRefresh={() => questions.refetch()}
        onEnding={() => setEndedHere(true)}
      />
      {Moderator && (
        <Suspense fallback={<LoadingState text="Loading polls..." />}>
          <Moderator sessionId={sessionId} />
        </Suspense>
      )}
      {questions.isPending ? (
        <LoadingState text="Loading questions..." />
      ) : (
        <ModeratorWorkspace sessionId={sessionId} questions={questions.data ?? []} />
      )}
    </main>
  );
}

function useNotFoundRedirect(error: Error | null, endedHere: boolean) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error || endedHere) return;
    if (!(error instanceof ApiError && error.status === 404)) {
      toast.error('Error loading session');
      return;
    }
    toast.warning('Q&A session not found or has ended');
    const timer = setTimeout(() => navigate('/admin/dashboard'), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, endedHere, toast, navigate]);
}

function SessionNotFound() {
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <EmptyState title="Session Not Found">
        <p>This Q&A session does not exist or has ended.</p>
        <ButtonLink to="/admin/dashboard">Back to the dashboard</ButtonLink>
      </EmptyState>
    </main>
  );
}
