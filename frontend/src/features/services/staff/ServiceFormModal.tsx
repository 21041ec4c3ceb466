import { SERVICE_DAYS, serviceRequestSchema, type WeeklyService } from '@gather/contracts';
import { Choice, Field, Input, Select, TextArea } from '../../../components/Field';
import { FormModal, useAfterSave } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { useSchemaForm } from '../../../lib/forms';
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
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: service?.id, service: values },
      afterSave(
        service ? 'Service updated successfully!' : 'Service created successfully!',
        'Error saving service. Please try again.',
      ),
    ),
  );

  return (
    <FormModal
      id="service-form"
      title={service ? 'Edit Service' : 'Add Service'}
      saveLabel={service ? 'Update Service' : 'Create Service'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </FormModal>
  );
}
