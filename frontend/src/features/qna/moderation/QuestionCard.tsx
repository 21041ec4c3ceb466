import type { AnyQuestionStatus, StaffQuestion } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Badge, type BadgeTone } from '../../../components/States';
import { timeAgo, truncate } from '../../../lib/format';
import { CARD_TEXT_MAX, STREAM_READ_MORE_AT } from './ordering';
import type { ModeratorActions } from './useModeratorActions';
import styles from './ModeratorPage.module.css';

export const STATUS_TONES: Record<AnyQuestionStatus, BadgeTone> = {
  new: 'indigo',
  reading: 'teal',
  answered: 'green',
  skipped: 'grey',
  pending: 'orange',
  dismissed: 'grey',
};

interface QuestionCardProps {
  question: StaffQuestion;
  actions: ModeratorActions;
  /**
   * The stream shows the whole text behind a read-more; the management view cuts it; the pending
   * tab shows it whole, with Approve and Dismiss only.
   */
  variant: 'stream' | 'manage' | 'review';
  /** The pending question the keyboard shortcuts act on. */
  selected?: boolean;
}

export function QuestionCard({ question, actions, variant, selected = false }: QuestionCardProps) {
  const [expanded, setExpanded] = useState(false);
  const isPriority = actions.priority.has(question.id);
  const long = question.text.length > STREAM_READ_MORE_AT;
  const text =
    variant === 'manage'
      ? truncate(question.text, CARD_TEXT_MAX)
      : expanded || !long
        ? question.text
        : truncate(question.text, STREAM_READ_MORE_AT);

  return (
    <article
      className={[styles.card, isPriority && styles.priorityCard, selected && styles.selectedCard]
        .filter(Boolean)
        .join(' ')}
      aria-current={selected || undefined}
    >
      <header className={styles.cardHeader}>
        <span className={styles.asker}>{question.name}</span>
        <span className={styles.badges}>
          {isPriority && <Badge tone="orange">Priority</Badge>}
          <Badge tone="purple">{question.category}</Badge>
          {question.flagged && <Badge tone="coral">Word filter</Badge>}
          <Badge tone={STATUS_TONES[question.status]}>{question.status}</Badge>
        </span>
      </header>
      <p className={styles.cardText}>{text}</p>
      {variant === 'stream' && long && (
        <button
          type="button"
          className={styles.readMore}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
      <footer className={styles.cardFooter}>
        <span className={styles.cardFacts}>
          <span className={styles.votes}>
            {question.votes} {question.votes === 1 ? 'vote' : 'votes'}
          </span>
          <time dateTime={question.created_at} className={styles.time}>
            {timeAgo(question.created_at)}
          </time>
        </span>
        {variant === 'review' ? (
          <ReviewActions question={question} actions={actions} />
        ) : (
          <LiveActions question={question} actions={actions} />
        )}
      </footer>
    </article>
  );
}

function ReviewActions({ question, actions }: Pick<QuestionCardProps, 'question' | 'actions'>) {
  return (
    <div className={styles.cardActions}>
      <Button size="sm" disabled={actions.reviewing} onClick={() => void actions.review(question, 'approve')}>
        Approve
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={actions.reviewing}
        onClick={() => void actions.review(question, 'dismiss')}
      >
        Dismiss
      </Button>
    </div>
  );
}

function LiveActions({ question, actions }: Pick<QuestionCardProps, 'question' | 'actions'>) {
  const isPriority = actions.priority.has(question.id);
  return (
    <div className={styles.cardActions}>
      {question.status !== 'reading' && (
        <Button size="sm" variant="secondary" onClick={() => void actions.setStatus(question, 'reading')}>
          Reading
        </Button>
      )}
      {question.status !== 'skipped' && (
        <Button size="sm" variant="secondary" onClick={() => void actions.setStatus(question, 'skipped')}>
          Skip
        </Button>
      )}
      {question.status !== 'answered' && (
        <Button size="sm" onClick={() => void actions.answer(question)}>
          Mark as answered
        </Button>
      )}
      <Button size="sm" variant="ghost" aria-pressed={isPriority} onClick={() => actions.togglePriority(question)}>
        {isPriority ? 'Remove priority' : 'Priority'}
      </Button>
      <Button size="sm" variant="quietDanger" onClick={() => void actions.remove(question)}>
        Delete
      </Button>
    </div>
  );
}
