import type { WeeklyService } from '@gather/contracts';
import { useState } from 'react';
import { Button, ExternalButtonLink } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { ContentCard } from '../../../components/ContentCard';
import { Badge, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { CardGrid, SectionHeader } from '../../../components/StaffSection';
import { useDeleteService, useStaffServices } from './api';
import { ServiceFormModal } from './ServiceFormModal';

type Editing = { service?: WeeklyService } | null;

export function ServicesSection() {
  const services = useStaffServices();
  const remove = useDeleteService();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);

  const deleteService = async (service: WeeklyService) => {
    const yes = await confirm({
      title: `Delete the service “${service.name}”?`,
      message: `Are you sure you want to delete this service? "${service.name}" will no longer be shown.`,
    });
    if (!yes) return;
    remove.mutate(service.id, {
      onSuccess: () => toast.success('Service deleted successfully!'),
      onError: () => toast.error('Error deleting service. Please try again.'),
    });
  };

  return (
    <>
      <SectionHeader title="Services" description="The weekly services shown on the website.">
        <Button onClick={() => setEditing({})}>Add Service</Button>
      </SectionHeader>
      {services.isPending && <LoadingState />}
      {!services.isPending && !services.data?.length && (
        <EmptyState title="No Services Found">Add the first weekly service.</EmptyState>
      )}
      <CardGrid>
        {services.data?.map((service) => (
          <ContentCard
            key={service.id}
            badge={
              <>
                <Badge tone="indigo">{service.day}</Badge>
                <Badge tone={service.is_active ? 'green' : 'grey'}>{service.is_active ? 'Active' : 'Inactive'}</Badge>
              </>
            }
            eyebrow={service.time}
            title={service.name}
            actions={
              <>
                <Button size="sm" onClick={() => setEditing({ service })}>
                  Edit<span className="visually-hidden"> {service.name}</span>
                </Button>
                <Button size="sm" variant="quietDanger" onClick={() => deleteService(service)}>
                  Delete<span className="visually-hidden"> {service.name}</span>
                </Button>
                {service.zoom_link && (
                  <ExternalButtonLink size="sm" variant="ghost" href={service.zoom_link}>
                    Zoom
                  </ExternalButtonLink>
                )}
              </>
            }
          >
            <p>{service.description}</p>
          </ContentCard>
        ))}
      </CardGrid>
      {editing && <ServiceFormModal service={editing.service} onClose={() => setEditing(null)} />}
    </>
  );
}
