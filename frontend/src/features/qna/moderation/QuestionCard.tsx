import type { PublicQuestion, QuestionStatus } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Badge, type BadgeTone } from '../../../components/States';
import { timeAgo, truncate } from '../../../lib/format';
import { CARD_TEXT_MAX, STREAM_READ_MORE_AT } from './ordering';
import type { ModeratorActions } from './useModeratorActions';
import styles from './ModeratorPage.module.css';

export const STATUS_TONES: Record<QuestionStatus, BadgeTone> = {
  new: 'indigo',
  reading: 'teal',
  answered: 'green',
  skipped: 'grey',
};

interface QuestionCardProps {
  question: PublicQuestion;
  actions: ModeratorActions;
  /** The stream shows the whole text behind a read-more; the management view cuts it. */
  variant: 'stream' | 'manage';
}

export function QuestionCard({ question, actions, variant }: QuestionCardProps) {
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
    <article className={[styles.card, isPriority && styles.priorityCard].filter(Boolean).join(' ')}>
      <header className={styles.cardHeader}>
        <span className={styles.asker}>{question.name}</span>
        <span className={styles.badges}>
          {isPriority && <Badge tone="orange">Priority</Badge>}
          <Badge tone="purple">{question.category}</Badge>
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
        <time dateTime={question.created_at} className={styles.time}>
          {timeAgo(question.created_at)}
        </time>
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
          <Button size="sm" variant="ghost" onClick={() => void actions.remove(question)}>
            Delete
          </Button>
        </div>
      </footer>
    </article>
  );
}
