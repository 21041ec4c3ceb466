import type { StaffPoll, StaffPollResults } from '@gather/contracts';
import { truncate } from '../../../lib/format';
import { usePollResults } from '../moderation/api';
import { PollResults } from '../results/PollResults';
import { answersLabel } from '../results/tally';
import { JoinCode } from './JoinCode';
import styles from './PollProjector.module.css';

/** Long answers still fit the screen in very large type. */
const SHOWN_ANSWER_MAX = 200;

/** A poll on the big screen: its question, its results as they arrive, and the code to join. */
export function PollProjector({ poll }: { poll: StaffPoll }) {
  const results = usePollResults(poll.session_id, poll.id).data;
  return (
    <section className={styles.projector} aria-label="Poll on screen">
      <div className={styles.main}>
        <p className={styles.eyebrow}>{poll.status === 'open' ? 'Live poll' : 'Poll closed'}</p>
        <h2 className={styles.question}>{poll.question}</h2>
        {results &&
          (poll.type === 'text' ? <ShownAnswer results={results} /> : <PollResults poll={poll} results={results} />)}
      </div>
      <JoinCode sessionId={poll.session_id} />
    </section>
  );
}

/** The one text answer staff put on screen; held answers never are. */
function ShownAnswer({ results }: { results: StaffPollResults }) {
  const shown = results.answers.find((answer) => answer.id === results.shown_answer_id && !answer.held);
  return (
    <div className={styles.textAnswer}>
      {shown ? (
        <blockquote className={styles.shown}>{truncate(shown.text, SHOWN_ANSWER_MAX)}</blockquote>
      ) : (
        <p className={styles.waiting}>Answers are coming in…</p>
      )}
      <p className={styles.count}>{answersLabel(results.total)}</p>
    </div>
  );
}
