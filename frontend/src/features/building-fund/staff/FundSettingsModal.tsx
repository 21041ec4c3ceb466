import { CURRENCIES, type Currency, type FundSettings } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Choice, Field, Input } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { Modal } from '../../../components/Modal';
import { LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { useFundSettings, useSaveFundSettings } from './api';
import { firstErrors } from './gift-form';

/** The fund's goal per currency and whether visitors see the progress bar. */
export function FundSettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useFundSettings();
  if (settings.data) return <SettingsForm settings={settings.data} onClose={onClose} />;
  return (
    <Modal open onClose={onClose} title="Fund goal">
      {settings.isError ? <p role="alert">Error loading the fund's settings</p> : <LoadingState text="Loading..." />}
    </Modal>
  );
}

function SettingsForm({ settings, onClose }: { settings: FundSettings; onClose: () => void }) {
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
        toast.success('Fund goal saved');
        onClose();
      },
      onError: (error) => {
        const found = firstErrors(error);
        setErrors(found);
        if (!Object.keys(found).length) toast.error('Error saving the fund goal');
      },
    });
  }

  return (
    <FormModal
      id="fund-settings"
      title="Fund goal"
      saveLabel="Save"
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </FormModal>
  );
}
