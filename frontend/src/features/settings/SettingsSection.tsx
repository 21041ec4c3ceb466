import type { ChurchSettings } from '@gather/contracts';
import { useForm, type Path } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Field, Input, TextArea } from '../../components/Field';
import { SectionHeader } from '../../components/StaffSection';
import { Alert, LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors } from '../../lib/forms';
import { useChurchSettings, useSaveChurchSettings } from './api';
import { TestEmail } from './TestEmail';
import styles from './SettingsSection.module.css';

/** The form's values: every field as typed; lists and numbers become themselves when sent. */
type SettingsForm = Record<Exclude<keyof ChurchSettings, 'service_times'>, string> & { service_times: string };

/** Each group of the form and its fields, in the order a church fills them in. */
const GROUPS: Array<{
  title: string;
  fields: Array<{ name: keyof SettingsForm; label: string; hint?: string; long?: boolean; required?: boolean }>;
}> = [
  {
    title: 'The church',
    fields: [
      { name: 'church_name', label: 'Church name', required: true },
      { name: 'church_address', label: 'Address', required: true },
      { name: 'map_latitude', label: 'Map latitude', hint: 'Optional, e.g. 51.5466: directions then point here.' },
      { name: 'map_longitude', label: 'Map longitude', hint: 'Optional, e.g. -0.1165.' },
      { name: 'church_phone', label: 'Phone', required: true },
      { name: 'church_contact_email', label: 'Contact e-mail', hint: 'Shown to visitors.', required: true },
      { name: 'time_zone', label: 'Time zone', hint: 'e.g. Europe/London', required: true },
      { name: 'service_times', label: 'Service times in the footer', hint: 'One per line.', long: true },
    ],
  },
  {
    title: 'Links',
    fields: [
      { name: 'live_stream_url', label: "'Join Live' link", required: true },
      { name: 'online_giving_url', label: 'Online giving link', required: true },
      { name: 'facebook_url', label: 'Facebook page' },
      { name: 'instagram_url', label: 'Instagram page' },
      { name: 'youtube_url', label: 'YouTube channel' },
    ],
  },
  {
    title: 'Bank details',
    fields: [
      { name: 'bank_account_name', label: 'Account name', required: true },
      { name: 'bank_name', label: 'Bank', required: true },
      { name: 'bank_sort_code', label: 'Sort code', hint: 'e.g. 20-00-00', required: true },
      { name: 'bank_account_number', label: 'Account number', hint: '8 digits', required: true },
    ],
  },
  {
    title: 'Mail',
    fields: [
      { name: 'email_from_name', label: 'Sender name', required: true },
      { name: 'email_from_address', label: 'Sender address', required: true },
      {
        name: 'church_notify_email',
        label: 'Office notification address',
        hint: 'Receives form notices.',
        required: true,
      },
      { name: 'podcast_owner_email', label: 'Podcast owner e-mail', required: true },
    ],
  },
  {
    title: 'Prayer requests',
    fields: [
      {
        name: 'pastoral_email',
        label: 'Pastoral team address',
        hint: 'Told that a prayer request arrived (never its words). Blank: the office notification address.',
      },
      {
        name: 'prayer_archive_days',
        label: 'Archive prayer requests after (days)',
        hint: 'Older requests are archived and leave the prayer wall. Usually 60.',
        required: true,
      },
    ],
  },
];

export function SettingsSection() {
  const settings = useChurchSettings();
  return (
    <>
      <SectionHeader
        title="Settings"
        description="The church's details: every page, the footer, the feeds and every e-mail show them as soon as you save."
      />
      {settings.isPending && <LoadingState />}
      {settings.isError && <Alert>We couldn't load the settings. Please reload the page.</Alert>}
      {settings.data && <SettingsEditor saved={settings.data} />}
      <TestEmail />
    </>
  );
}

function toForm(settings: ChurchSettings): SettingsForm {
  return Object.fromEntries(
    Object.entries(settings).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join('\n') : value === null ? '' : String(value),
    ]),
  ) as SettingsForm;
}

function fromForm(form: SettingsForm): ChurchSettings {
  const coordinate = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  return {
    ...form,
    map_latitude: coordinate(form.map_latitude),
    map_longitude: coordinate(form.map_longitude),
    service_times: form.service_times
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    facebook_url: orNull(form.facebook_url),
    instagram_url: orNull(form.instagram_url),
    youtube_url: orNull(form.youtube_url),
    pastoral_email: orNull(form.pastoral_email),
    prayer_archive_days: Number(form.prayer_archive_days.trim()),
  };
}

function SettingsEditor({ saved }: { saved: ChurchSettings }) {
  const form = useForm<SettingsForm>({ defaultValues: toForm(saved) });
  const save = useSaveChurchSettings();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(fromForm(values), {
      onSuccess: (stored) => {
        form.reset(toForm(stored));
        toast.success('Settings saved: the site shows them now.');
      },
      onError: (error) => {
        if (!showServerFieldErrors(form.setError, error)) toast.error('Error saving the settings. Please try again.');
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Church settings">
      {GROUPS.map((group) => (
        <fieldset key={group.title} className={styles.group}>
          <legend className={styles.cardTitle}>{group.title}</legend>
          <div className={styles.fields}>
            {group.fields.map((field) => (
              <Field
                key={field.name}
                label={field.label}
                hint={field.hint}
                error={errors[field.name]?.message}
                required={field.required}
                className={field.long ? styles.wide : undefined}
              >
                {(control) =>
                  field.long ? (
                    <TextArea {...control} rows={4} {...form.register(field.name as Path<SettingsForm>)} />
                  ) : (
                    <Input {...control} {...form.register(field.name as Path<SettingsForm>)} />
                  )
                }
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      <Button type="submit" busy={save.isPending} busyText="Saving...">
        Save Settings
      </Button>
    </form>
  );
}
