import { homepageContentRequestSchema, type HomepageContent } from '@gather/contracts';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { Field, Input, TextArea } from '../../../components/Field';
import { Alert, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { useHomepageContent } from '../api';
import { useSaveHomepage } from './api';
import styles from './HomepageSection.module.css';
import { SectionHeader } from '../../../components/StaffSection';

export function HomepageSection() {
  const content = useHomepageContent();
  return (
    <>
      <SectionHeader title="Homepage" description="The welcome visitors see first. The preview follows as you type." />
      {content.isPending && <LoadingState />}
      {content.isError && <Alert>We couldn't load the homepage content. Please reload the page.</Alert>}
      {content.data && <HomepageEditor saved={content.data} />}
    </>
  );
}

function HomepageEditor({ saved }: { saved: HomepageContent }) {
  const form = useSchemaForm(homepageContentRequestSchema, saved);
  const save = useSaveHomepage();
  const toast = useToast();
  const draft = useWatch({ control: form.control });
  const { errors } = form.formState;

  const submit = form.handleSubmit((content) =>
    save.mutate(content, {
      onSuccess: (stored) => {
        form.reset(stored);
        toast.success('Homepage content saved successfully!');
      },
      onError: (error) => {
        if (!showServerFieldErrors(form.setError, error))
          toast.error('Error saving homepage content. Please try again.');
      },
    }),
  );

  return (
    <div className={styles.layout}>
      <form onSubmit={submit} noValidate className={styles.form} aria-label="Homepage content">
        <Field label="Hero title" error={errors.heroTitle?.message} required>
          {(control) => <Input {...control} {...form.register('heroTitle')} />}
        </Field>
        <Field label="Hero subtitle" error={errors.heroSubtitle?.message} required>
          {(control) => <TextArea {...control} rows={2} {...form.register('heroSubtitle')} />}
        </Field>
        <Field label="Hero button text" error={errors.heroCta?.message} required>
          {(control) => <Input {...control} {...form.register('heroCta')} />}
        </Field>
        <Field label="Welcome title" error={errors.welcomeTitle?.message} required>
          {(control) => <Input {...control} {...form.register('welcomeTitle')} />}
        </Field>
        <Field label="Welcome message" error={errors.welcomeMessage?.message} required>
          {(control) => <TextArea {...control} rows={5} {...form.register('welcomeMessage')} />}
        </Field>
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          Save Changes
        </Button>
      </form>
      <section className={styles.preview} aria-label="Live preview">
        <p className={styles.previewLabel}>Live preview</p>
        <div className={styles.hero}>
          <h2 className={styles.heroTitle}>{draft.heroTitle}</h2>
          <p className={styles.heroSubtitle}>{draft.heroSubtitle}</p>
          {draft.heroCta && <span className={styles.heroCta}>{draft.heroCta}</span>}
        </div>
        <div className={styles.welcome}>
          <h3 className={styles.welcomeTitle}>{draft.welcomeTitle}</h3>
          <p className={styles.welcomeMessage}>{draft.welcomeMessage}</p>
        </div>
      </section>
    </div>
  );
}
