import { SERVICE_DAYS, serviceRequestSchema, type WeeklyService } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { Choice, Field, Input, Select, TextArea } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { sectionStyles as styles } from '../../dashboard/StaffSection';
import { useSaveService } from './api';

/** Add (no `service`) or edit a weekly service; mounted afresh each time it opens. */
export function ServiceFormModal({ service, onClose }: { service?: WeeklyService; onClose: () => void }) {
  const form = useSchemaForm(serviceRequestSchema, {
    name: service?.name ?? '',
    day: SERVICE_DAYS.find((day) => day === service?.day) ?? 'Sunday',
    time: service?.time ?? '',
    description: service?.description ?? '',
    zoom_link: service?.zoom_link ?? '',
    is_active: service?.is_active ?? true,
  });
  const save = useSaveService();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: service?.id, service: values },
      {
        onSuccess: () => {
          toast.success(service ? 'Service updated successfully!' : 'Service created successfully!');
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error)) toast.error('Error saving service. Please try again.');
        },
      },
    ),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={service ? 'Edit Service' : 'Add Service'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="service-form" busy={save.isPending} busyText="Saving...">
            {service ? 'Update Service' : 'Create Service'}
          </Button>
        </>
      }
    >
      <form id="service-form" onSubmit={submit} noValidate className={styles.form}>
        <Field label="Name" error={errors.name?.message} required className={styles.wide}>
          {(control) => <Input {...control} {...form.register('name')} />}
        </Field>
        <Field label="Day" error={errors.day?.message} required>
          {(control) => (
            <Select {...control} {...form.register('day')}>
              {SERVICE_DAYS.map((day) => (
                <option key={day}>{day}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Time" error={errors.time?.message} required hint="As it should read, e.g. 10:00 AM">
          {(control) => <Input {...control} {...form.register('time')} />}
        </Field>
        <Field label="Description" error={errors.description?.message} required className={styles.wide}>
          {(control) => <TextArea {...control} {...form.register('description')} />}
        </Field>
        <Field label="Zoom link" error={errors.zoom_link?.message} className={styles.wide}>
          {(control) => <Input {...control} type="url" placeholder="https://" {...form.register('zoom_link')} />}
        </Field>
        <div className={styles.switches}>
          <Choice type="checkbox" label="Active" {...form.register('is_active')} />
        </div>
      </form>
    </Modal>
  );
}
