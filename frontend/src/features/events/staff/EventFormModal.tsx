import {
  EVENT_STATUSES,
  EVENT_TYPES,
  eventFormSchema,
  LINK_TYPE_LABELS,
  LINK_TYPES,
  type ChurchEvent,
} from '@gather/contracts';
import { Choice, Field, Input, Select, TextArea } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { useSchemaForm } from '../../../lib/forms';
import { STATUS_LABELS } from '../event-rules';
import { useSaveEvent } from './api';
import { eventFormData, eventFormValues } from './event-payload';
import { PictureField, usePictureFormSave } from '../../../components/PictureField';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Add (no `event`) or edit an event; mounted afresh each time it opens. */
export function EventFormModal({ event, onClose }: { event?: ChurchEvent; onClose: () => void }) {
  const form = useSchemaForm(eventFormSchema, eventFormValues(event));
  const save = useSaveEvent();
  const { picture: image, submit } = usePictureFormSave(form, {
    name: 'image',
    saved: event ? 'Event updated successfully!' : 'Event created successfully!',
    failed: 'Error saving event. Please try again.',
    onClose,
    save: (values, file, outcome) => save.mutate({ id: event?.id, body: eventFormData(values, file) }, outcome),
  });
  const { errors } = form.formState;

  const text = (
    name: 'title' | 'location' | 'venue_address' | 'organizer' | 'button_text',
    label: string,
    required = false,
  ) => (
    <Field label={label} error={errors[name]?.message} required={required}>
      {(control) => <Input {...control} {...form.register(name)} />}
    </Field>
  );

  return (
    <FormModal
      id="event-form"
      size="lg"
      title={event ? 'Edit Event' : 'Create Event'}
      saveLabel={event ? 'Update Event' : 'Create Event'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={styles.wide}>{text('title', 'Title', true)}</div>
      <Field label="Event type" error={errors.event_type?.message} required>
        {(control) => (
          <Select {...control} {...form.register('event_type')}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {capitalised(type)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Status" error={errors.status?.message}>
        {(control) => (
          <Select {...control} {...form.register('status')}>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Description" error={errors.description?.message} required className={styles.wide}>
        {(control) => <TextArea {...control} {...form.register('description')} />}
      </Field>
      <Field label="Date and time" error={errors.date?.message} required>
        {(control) => <Input {...control} type="datetime-local" step={60} {...form.register('date')} />}
      </Field>
      <Field label="End date" error={errors.end_date?.message}>
        {(control) => <Input {...control} type="datetime-local" step={60} {...form.register('end_date')} />}
      </Field>
      {text('location', 'Location', true)}
      {text('venue_address', 'Venue address')}
      {text('organizer', 'Organizer')}
      <Field label="Contact email" error={errors.contact_email?.message}>
        {(control) => <Input {...control} type="email" {...form.register('contact_email')} />}
      </Field>
      <Field label="Event link" error={errors.event_link?.message}>
        {(control) => <Input {...control} type="url" placeholder="https://" {...form.register('event_link')} />}
      </Field>
      <Field label="Link type" error={errors.link_type?.message}>
        {(control) => (
          <Select {...control} {...form.register('link_type')}>
            {LINK_TYPES.map((type) => (
              <option key={type} value={type}>
                {LINK_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text('button_text', 'Button text')}
      <Field label="Capacity" error={errors.capacity?.message}>
        {(control) => <Input {...control} type="number" min={0} step={1} {...form.register('capacity')} />}
      </Field>
      <Field label="Price" error={errors.price?.message} hint="0.00 for free">
        {(control) => <Input {...control} type="number" min={0} step={0.01} {...form.register('price')} />}
      </Field>
      <PictureField
        label="Image"
        hint={event?.image ? 'Leave empty to keep the current image.' : undefined}
        choice={image}
      />
      <div className={styles.switches}>
        <Choice type="checkbox" label="Featured event" {...form.register('is_featured')} />
        <Choice type="checkbox" label="Special event" {...form.register('is_special')} />
      </div>
    </FormModal>
  );
}
