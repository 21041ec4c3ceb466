import { POLL_TEXT_MAX, POLL_WORD_MAX, POLL_WORDS_MOST } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, TextArea } from '../../../components/Field';
import { useAnswerPoll } from './api';
import { AnswerError, AnswerTaken, type ShownPoll } from './AnswerNotes';
import styles from './AudiencePoll.module.css';

/** What is wrong with a words answer before it is sent, as the server would say it. */
export function wordsProblem(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Give at least one word.';
  if (words.length > POLL_WORDS_MOST) return `Give no more than ${POLL_WORDS_MOST} words.`;
  if (words.some((word) => word.length > POLL_WORD_MAX)) return `Keep each word to ${POLL_WORD_MAX} characters.`;
  return null;
}

/** Up to three words for the cloud, or a short answer for staff to read; sending again replaces it. */
export function TextAnswer({ sessionId, poll }: { sessionId: string; poll: ShownPoll }) {
  const answer = useAnswerPoll(sessionId, poll.id);
  const [text, setText] = useState(poll.my_answer?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const open = poll.status === 'open';
  const words = poll.type === 'words';

  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const found = words ? wordsProblem(trimmed) : trimmed ? null : 'Please write your answer.';
    setProblem(found);
    if (!found) answer.mutate({ text: trimmed });
  };

  return (
    <form className={styles.answer} onSubmit={send} noValidate>
      <Field
        label={words ? 'Your words' : 'Your answer'}
        hint={words ? `Up to ${POLL_WORDS_MOST} words` : `${text.length}/${POLL_TEXT_MAX} characters`}
        error={problem ?? undefined}
      >
        {(control) =>
          words ? (
            <Input
              {...control}
              value={text}
              maxLength={POLL_TEXT_MAX}
              autoComplete="off"
              disabled={!open}
              onChange={(event) => setText(event.target.value)}
            />
          ) : (
            <TextArea
              {...control}
              value={text}
              rows={3}
              maxLength={POLL_TEXT_MAX}
              disabled={!open}
              onChange={(event) => setText(event.target.value)}
            />
          )
        }
      </Field>
      {open && (
        <Button type="submit" busy={answer.isPending} busyText="Sending...">
          {poll.my_answer ? 'Change answer' : 'Send answer'}
        </Button>
      )}
      {answer.error && <AnswerError error={answer.error} field="text" />}
      {poll.my_answer && !answer.isPending && <AnswerTaken open={open} />}
    </form>
  );
}
