import type { Gathering } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { ContentCard } from '../../../components/ContentCard';
import { PublicLinkActions } from '../../../components/PublicLinkActions';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { useToast } from '../../../components/Toast';
import { formatWeekdayDate } from '../../../lib/format';
import { useDeleteGathering, useLinkChoices, useStaffGatherings } from './api';
import { GatheringFormModal } from './GatheringFormModal';

type Editing = { gathering?: Gathering } | null;

export function GatheringsSection() {
  const gatherings = useStaffGatherings();
  const choices = useLinkChoices();
  const remove = useDeleteGathering();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);

  const deleteGathering = async (gathering: Gathering) => {
    const yes = await confirm({
      title: `Delete the gathering “${gathering.title}”?`,
      message: `Are you sure you want to delete "${gathering.title}"? Its QR code will stop working; the Q&A session, photo collection and sermon stay.`,
    });
    if (!yes) return;
    remove.mutate(gathering.id, {
      onSuccess: () => toast.success('Gathering deleted successfully!'),
      onError: () => toast.error('Error deleting gathering. Please try again.'),
    });
  };

  /** What the gathering links to, by name, so staff see at a glance what its QR code leads to. */
  const facts = (gathering: Gathering) =>
    [
      gathering.qna_session_id &&
        `Q&A: ${choices.sessions.find((session) => session.id === gathering.qna_session_id)?.title ?? '…'}`,
      gathering.collection_id &&
        `Photos: ${choices.collections.find((collection) => collection.id === gathering.collection_id)?.name ?? '…'}`,
      gathering.sermon_id &&
        `Sermon: ${choices.sermons.find((sermon) => sermon.id === gathering.sermon_id)?.title ?? '…'}`,
      gathering.sermon_notes && 'Sermon notes',
    ].filter((fact): fact is string => Boolean(fact));

  return (
    <>
      <SectionHeader
        title="Gatherings"
        description="One QR code per Sunday: ask a question, share a photo, connect, give and the sermon. The current one is always at /sunday."
      >
        <Button onClick={() => setEditing({})}>Add Gathering</Button>
      </SectionHeader>
      {gatherings.isPending && <LoadingState />}
      {!gatherings.isPending && !gatherings.data?.length && (
        <EmptyState title="No Gatherings Found">Add this Sunday's gathering to get its QR code.</EmptyState>
      )}
      <CardGrid>
        {gatherings.data?.map((gathering) => (
          <ContentCard
            key={gathering.id}
            badge={<Badge tone="indigo">{formatWeekdayDate(`${gathering.date}T12:00:00Z`)}</Badge>}
            title={gathering.title}
            facts={facts(gathering)}
            actions={
              <>
                <Button size="sm" onClick={() => setEditing({ gathering })}>
                  Edit<span className="visually-hidden"> {gathering.title}</span>
                </Button>
                <Button size="sm" variant="quietDanger" onClick={() => deleteGathering(gathering)}>
                  Delete<span className="visually-hidden"> {gathering.title}</span>
                </Button>
                <PublicLinkActions
                  path={`/gathering/${gathering.id}`}
                  title={gathering.title}
                  name={gathering.title}
                  slide
                />
              </>
            }
          />
        ))}
      </CardGrid>
      {editing && <GatheringFormModal gathering={editing.gathering} onClose={() => setEditing(null)} />}
    </>
  );
}
