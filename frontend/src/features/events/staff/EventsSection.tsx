import type { ChurchEvent } from '@gather/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { CardPicture, ContentCard } from '../../../components/ContentCard';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { mediaUrl } from '../../../lib/api';
import { formatDateTime, formatEventPrice, truncate } from '../../../lib/format';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { STATUS_LABELS, STATUS_TONES } from '../event-rules';
import { useDeleteEvent, useStaffEvents } from './api';
import { EventFormModal } from './EventFormModal';

type Editing = { event?: ChurchEvent } | null;

export function EventsSection() {
  const events = useStaffEvents();
  const remove = useDeleteEvent();
  const confirm = useConfirm();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  // The dashboard's 'Create Event' quick action arrives with ?new=1.
  const [editing, setEditing] = useState<Editing>(params.get('new') === '1' ? {} : null);
  // The command palette opens one event with ?edit=<id>, once the list it is in has loaded.
  const editId = Number(params.get('edit')) || null;
  const linked = editId ? events.data?.find((event) => event.id === editId) : undefined;
  const shown: Editing = editing ?? (linked ? { event: linked } : null);

  const close = () => {
    setEditing(null);
    if (params.has('new') || params.has('edit')) {
      const next = new URLSearchParams(params);
      next.delete('new');
      next.delete('edit');
      setParams(next, { replace: true });
    }
  };

  const deleteEvent = async (event: ChurchEvent) => {
    const yes = await confirm({
      title: `Delete the event “${event.title}”?`,
      message: `Are you sure you want to delete this event? "${event.title}" will be removed from the website.`,
    });
    if (!yes) return;
    remove.mutate(event.id, {
      onSuccess: () => toast.success('Event deleted successfully!'),
      onError: () => toast.error('Error deleting event. Please try again.'),
    });
  };

  return (
    <>
      <SectionHeader title="Events" description="Everything on the events page, special events included.">
        <Button onClick={() => setEditing({})}>Create Event</Button>
      </SectionHeader>
      {events.isPending && <LoadingState />}
      {!events.isPending && !events.data?.length && (
        <EmptyState title="No Events Found">Create the first event.</EmptyState>
      )}
      <CardGrid>
        {events.data?.map((event) => (
          <ContentCard
            key={event.id}
            picture={<CardPicture src={mediaUrl(event.image)} alt={event.title} seed={event.id} />}
            badge={
              <>
                <Badge tone={STATUS_TONES[event.status]}>{STATUS_LABELS[event.status]}</Badge>
                <Badge tone="purple">{event.event_type}</Badge>
                {event.is_special && <Badge tone="orange">Special</Badge>}
                {event.is_featured && <Badge tone="teal">Featured</Badge>}
              </>
            }
            eyebrow={<time dateTime={event.date}>{formatDateTime(event.date)}</time>}
            title={event.title}
            facts={[event.location, formatEventPrice(event.price)]}
            actions={
              <>
                <Button size="sm" onClick={() => setEditing({ event })}>
                  Edit<span className="visually-hidden"> {event.title}</span>
                </Button>
                <ButtonLink size="sm" variant="secondary" to={`/admin/events/${event.id}/registrations`}>
                  Sign-ups<span className="visually-hidden"> {event.title}</span>
                </ButtonLink>
                <ButtonLink size="sm" variant="secondary" to={`/admin/events/${event.id}/check-in`}>
                  Check-in<span className="visually-hidden"> {event.title}</span>
                </ButtonLink>
                <Button size="sm" variant="quietDanger" onClick={() => deleteEvent(event)}>
                  Delete<span className="visually-hidden"> {event.title}</span>
                </Button>
              </>
            }
          >
            <p>{truncate(event.description, 100)}</p>
          </ContentCard>
        ))}
      </CardGrid>
      {shown && <EventFormModal key={shown.event?.id ?? 'new'} event={shown.event} onClose={close} />}
    </>
  );
}
