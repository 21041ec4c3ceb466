import type { StaffPoll } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Badge, type BadgeTone } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { PollResults } from '../results/PollResults';
import { POLL_TYPE_LABELS } from '../results/tally';
import { useDeletePoll, usePollResults, usePollStep, type PollStep } from './api';
import { TextAnswers } from './TextAnswers';
import styles from './PollsPanel.module.css';

const STATUS: Record<StaffPoll['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'grey' },
  open: { label: 'Open', tone: 'teal' },
  closed: { label: 'Closed', tone: 'indigo' },
};

const STEP_DONE: Record<PollStep, string> = {
  open: 'Poll launched',
  close: 'Poll closed',
  reveal: 'Results revealed to the audience',
};

/** One poll on the moderator's screen: where it stands, its next steps, and its results live once launched. */
export function StaffPollCard({ poll }: { poll: StaffPoll }) {
  const toast = useToast();
  const confirm = useConfirm();
  const step = usePollStep(poll.session_id);
  const remove = useDeletePoll(poll.session_id);
  const launched = poll.status !== 'draft';
  const results = usePollResults(poll.session_id, poll.id, launched);

  const take = (next: PollStep) =>
    step.mutate(
      { poll, step: next },
      {
        onSuccess: () => toast.success(STEP_DONE[next]),
        onError: () => toast.error('That did not work. Please try again.'),
      },
    );

  const deletePoll = async () => {
    const sure = await confirm({
      title: `Delete the poll “${poll.question}”?`,
      message: 'Its answers are deleted with it. This cannot be undone.',
      confirmLabel: 'Delete Poll',
    });
    if (sure) remove.mutate(poll.id, { onError: () => toast.error('The poll could not be deleted.') });
  };

  return (
    <li className={styles.poll} aria-label={poll.question}>
      <div className={styles.pollHead}>
        <h3 className={styles.pollQuestion}>{poll.question}</h3>
        <div className={styles.badges}>
          <Badge tone="purple">{POLL_TYPE_LABELS[poll.type]}</Badge>
          <Badge tone={STATUS[poll.status].tone}>{STATUS[poll.status].label}</Badge>
          {poll.revealed && <Badge tone="green">Results revealed</Badge>}
        </div>
      </div>
      <div className={styles.actions}>
        {poll.status === 'open' ? (
          <Button size="sm" variant="secondary" onClick={() => take('close')} disabled={step.isPending}>
            Close
          </Button>
        ) : (
          <Button size="sm" onClick={() => take('open')} disabled={step.isPending}>
            {launched ? 'Launch again' : 'Launch'}
          </Button>
        )}
        {launched && !poll.revealed && poll.type !== 'text' && (
          <Button size="sm" variant="secondary" onClick={() => take('reveal')} disabled={step.isPending}>
            Reveal results
          </Button>
        )}
        <Button size="sm" variant="quietDanger" onClick={() => void deletePoll()} disabled={remove.isPending}>
          Delete
        </Button>
      </div>
      {launched && results.data && (
        <div className={styles.pollResults}>
          <PollResults poll={poll} results={results.data} />
          {(poll.type === 'text' || poll.type === 'words') && (
            <TextAnswers
              sessionId={poll.session_id}
              pollId={poll.id}
              results={results.data}
              showable={poll.type === 'text'}
            />
          )}
        </div>
      )}
    </li>
  );
}
