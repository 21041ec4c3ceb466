import type { FirstRunStep } from '@gather/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useConfirm } from '../../components/Confirm';
import { useToast } from '../../components/Toast';
import { dashboardSectionPath } from '../../lib/staff-sections';
import { useFirstRunChecklist, useRemoveDemoContent } from './api';
import styles from './FirstRunChecklist.module.css';

const SETTINGS = dashboardSectionPath('settings');

/** Each step in the church's words, and where it is done. */
const STEPS: Record<FirstRunStep, { label: string; how: ReactNode }> = {
  church_details: {
    label: "Set the church's name, address and phone",
    how: <Link to={SETTINGS}>Open Settings</Link>,
  },
  bank_details: { label: 'Set the bank details givers see', how: <Link to={SETTINGS}>Open Settings</Link> },
  test_email: { label: 'Send a test e-mail', how: <Link to={SETTINGS}>Open the mail check</Link> },
  demo_content_removed: { label: 'Remove the demo content', how: <RemoveDemoContent /> },
  staff_account_added: {
    label: 'Add the first staff account for your team',
    how: <Link to={dashboardSectionPath('staff-accounts')}>Open Staff Accounts</Link>,
  },
  public_url: {
    label: "Put the site's address in PUBLIC_URL",
    how: <span>Set PUBLIC_URL in the server's .env (see the operations guide).</span>,
  },
};

/** Until every step is done, the dashboard shows a new church what is left, each ticked by the data itself. */
export function FirstRunChecklist({ administrator }: { administrator: boolean }) {
  const checklist = useFirstRunChecklist(administrator);
  if (!checklist.data || checklist.data.complete) return null;
  const left = checklist.data.steps.filter((step) => !step.done).length;
  return (
    <section className={styles.checklist} aria-labelledby="first-run-title">
      <h2 id="first-run-title" className={styles.title}>
        Getting started
      </h2>
      <p className={styles.muted}>
        {left} of {checklist.data.steps.length} steps left before the site is the church's own.
      </p>
      <ul className={styles.steps}>
        {checklist.data.steps.map(({ step, done }) => (
          <li key={step} className={done ? styles.done : styles.todo} data-step={step} data-done={done}>
            <span className={styles.tick} aria-hidden="true">
              {done ? '✓' : ''}
            </span>
            <span className={styles.label}>
              {STEPS[step].label}
              <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
            </span>
            {!done && <span className={styles.how}>{STEPS[step].how}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RemoveDemoContent() {
  const remove = useRemoveDemoContent();
  const confirm = useConfirm();
  const toast = useToast();
  const ask = async () => {
    const yes = await confirm({
      title: 'Remove the demo content?',
      message: 'Every demo sermon, event, service, album, Q&A session and photo collection will be removed.',
      confirmLabel: 'Remove demo content',
      tone: 'danger',
    });
    if (!yes) return;
    // Awaited rather than mutate()'s callbacks: once the checklist refetches, this step (and this button) is gone,
    // and a gone component's callbacks never run, so the message was lost whenever the refetch came first.
    try {
      const { removed } = await remove.mutateAsync();
      toast.success(`Demo content removed (${removed} items).`);
    } catch {
      toast.error('The demo content could not be removed. Please try again.');
    }
  };
  return (
    <Button type="button" size="sm" variant="danger" busy={remove.isPending} busyText="Removing..." onClick={ask}>
      Remove demo content
    </Button>
  );
}
