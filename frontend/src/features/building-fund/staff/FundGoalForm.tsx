import { CURRENCIES, type Currency, type FundSettings } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Choice, Field, Input } from '../../../components/Field';
import { Alert, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { useFundSettings, useSaveFundSettings } from './api';
import { firstErrors } from './gift-form';
import styles from './PledgesPage.module.css';

/** The fund's goal per currency and whether visitors see the progress bar. */
export function FundGoalForm() {
  const settings = useFundSettings();
  return (
    <section className={styles.panel} aria-labelledby="fund-goal-title">
      <h2 id="fund-goal-title" className={styles.panelTitle}>
        Fund goal
      </h2>
      {settings.data ? (
        <GoalFields settings={settings.data} />
      ) : settings.isError ? (
        <Alert>Error loading the fund's settings</Alert>
      ) : (
        <LoadingState text="Loading..." />
      )}
    </section>
  );
}

function GoalFields({ settings }: { settings: FundSettings }) {
  const toast = useToast();
  const save = useSaveFundSettings();
  const [show, setShow] = useState(settings.show_progress);
  const [goals, setGoals] = useState<Record<Currency, string>>({
    GBP: settings.goals.GBP ?? '',
    USD: settings.goals.USD ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = {
      show_progress: show,
      goals: Object.fromEntries(CURRENCIES.map((currency) => [currency, goals[currency].trim() || null])),
    };
    save.mutate(request, {
      onSuccess: () => {
        setErrors({});
        toast.success('Fund goal saved');
      },
      onError: (error) => {
        const found = firstErrors(error);
        setErrors(found);
        if (!Object.keys(found).length) toast.error('Error saving the fund goal');
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className={styles.goalForm}>
      {CURRENCIES.map((currency) => (
        <Field
          key={currency}
          label={`Goal in ${currency}`}
          hint="Leave empty for no goal (and no bar) in this currency."
          error={errors[`goals.${currency}`]}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              min="1"
              step="0.01"
              inputMode="decimal"
              value={goals[currency]}
              onChange={(event) => setGoals((current) => ({ ...current, [currency]: event.target.value }))}
            />
          )}
        </Field>
      ))}
      <Choice
        type="checkbox"
        label="Show the progress on the building fund and home pages"
        checked={show}
        onChange={(event) => setShow(event.target.checked)}
      />
      <div>
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
