import type { QnaSession } from '@gather/contracts';
import { useState } from 'react';
import { Button, ExternalButtonLink } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { ContentCard } from '../../../components/ContentCard';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDate, truncate } from '../../../lib/format';
import { PublicLinkActions } from '../../../components/PublicLinkActions';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { useEndQnaSession, useQnaSessions } from './api';
import { QnaSessionFormModal, SESSION_TYPE_LABELS } from './QnaSessionFormModal';

type Editing = { session?: QnaSession } | null;

export function QnaSessionsSection() {
  const sessions = useQnaSessions();
  const end = useEndQnaSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);

  const endSession = async (session: QnaSession) => {
    const yes = await confirm({
      title: `Delete the Q&A session “${session.title}”?`,
      message: `Are you sure you want to delete this Q&A session? "${session.title}" ends and its questions are removed.`,
    });
    if (!yes) return;
    end.mutate(session.id, {
      onSuccess: () => toast.success('Q&A session deleted successfully!'),
      onError: () => toast.error('Error deleting Q&A session. Please try again.'),
    });
  };

  return (
    <>
      <SectionHeader
        title="Q&A Sessions"
        description="Questions from the congregation, live during a service or event."
      >
        <Button onClick={() => setEditing({})}>Create Session</Button>
      </SectionHeader>
      {sessions.isPending && <LoadingState />}
      {!sessions.isPending && !sessions.data?.length && (
        <EmptyState title="No Q&A Sessions Found">Create a session to start taking questions.</EmptyState>
      )}
      <CardGrid>
        {sessions.data?.map((session) => (
          <ContentCard
            key={session.id}
            badge={
              <>
                <Badge tone="purple">{SESSION_TYPE_LABELS[session.type]}</Badge>
                <Badge tone={session.is_active ? 'green' : 'grey'}>{session.is_active ? 'Active' : 'Inactive'}</Badge>
                {session.pending_count > 0 && <Badge tone="orange">{session.pending_count} waiting</Badge>}
              </>
            }
            eyebrow={`Created ${formatDate(session.created_at)}`}
            title={session.title}
            facts={[
              `${session.question_count} ${session.question_count === 1 ? 'question' : 'questions'}`,
              `Up to ${session.max_questions}`,
            ]}
            actions={
              <>
                <ExternalButtonLink size="sm" href={`/qna/view/${session.id}`}>
                  Moderate
                </ExternalButtonLink>
                <Button size="sm" variant="ghost" onClick={() => setEditing({ session })}>
                  Edit<span className="visually-hidden"> {session.title}</span>
                </Button>
                <Button size="sm" variant="quietDanger" onClick={() => endSession(session)}>
                  Delete<span className="visually-hidden"> {session.title}</span>
                </Button>
                <PublicLinkActions path={`/qna/submit/${session.id}`} title={session.title} name={session.title} />
              </>
            }
          >
            <p>{truncate(session.description, 100)}</p>
          </ContentCard>
        ))}
      </CardGrid>
      {editing && <QnaSessionFormModal session={editing.session} onClose={() => setEditing(null)} />}
    </>
  );
}
