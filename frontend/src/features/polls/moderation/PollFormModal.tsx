import {
  POLL_OPTION_MAX,
  POLL_OPTIONS_MOST,
  POLL_QUESTION_MAX,
  POLL_TYPES,
  pollFormSchema,
  type PollType,
} from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, Select } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import formStyles from '../../../components/FormModal.module.css';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { POLL_TYPE_LABELS } from '../results/tally';
import { useCreatePoll } from './api';
import styles from './PollsPanel.module.css';

type Problems = Record<string, string>;

const takesOptions = (type: PollType) => type === 'choice' || type === 'multi';

/** The messages of the schema, or of the server, by field: `options.1` is the second option's. */
function problemsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Problems {
  const problems: Problems = {};
  for (const issue of issues) problems[issue.path.map(String).join('.')] ??= issue.message;
  return problems;
}

/** Prepares a poll (a draft): its question, its type and, for choices, two to ten options. */
export function PollFormModal({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const toast = useToast();
  const create = useCreatePoll(sessionId);
  const [question, setQuestion] = useState('');
  const [type, setType] = useState<PollType>('choice');
  const [options, setOptions] = useState(['', '']);
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const poll = { question, type, ...(takesOptions(type) ? { options } : {}) };
    const checked = pollFormSchema.safeParse(poll);
    if (!checked.success) return setProblems(problemsOf(checked.error.issues));
    setProblems({});
    create.mutate(poll, {
      onSuccess: () => {
        toast.success('Poll prepared. Launch it when the room is ready.');
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fields)
          setProblems(Object.fromEntries(Object.entries(fields).map(([field, [first]]) => [field, first ?? ''])));
        else toast.error('The poll could not be saved. Please try again.');
      },
    });
  };

  return (
    <FormModal
      id="poll-form"
      title="Prepare a Poll"
      saveLabel="Save Poll"
      saving={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Question" error={problems.question} required className={formStyles.wide}>
        {(control) => (
          <Input
            {...control}
            value={question}
            maxLength={POLL_QUESTION_MAX}
            onChange={(event) => setQuestion(event.target.value)}
          />
        )}
      </Field>
      <Field label="Type" error={problems.type} required className={formStyles.wide}>
        {(control) => (
          <Select {...control} value={type} onChange={(event) => setType(event.target.value as PollType)}>
            {POLL_TYPES.map((value) => (
              <option key={value} value={value}>
                {POLL_TYPE_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {takesOptions(type) && (
        <fieldset className={`${formStyles.wide} ${styles.optionsField}`}>
          <legend className={styles.legend}>Options</legend>
          {options.map((option, index) => (
            <div key={index} className={styles.optionRow}>
              <Field label={`Option ${index + 1}`} error={problems[`options.${index}`]} required>
                {(control) => (
                  <Input
                    {...control}
                    value={option}
                    maxLength={POLL_OPTION_MAX}
                    onChange={(event) =>
                      setOptions(options.map((old, at) => (at === index ? event.target.value : old)))
                    }
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove option ${index + 1}`}
                disabled={options.length <= 2}
                onClick={() => setOptions(options.filter((_old, at) => at !== index))}
              >
                Remove
              </Button>
            </div>
          ))}
          {problems.options && (
            <p className={styles.problem} role="alert">
              {problems.options}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={options.length >= POLL_OPTIONS_MOST}
            onClick={() => setOptions([...options, ''])}
          >
            Add option
          </Button>
        </fieldset>
      )}
      {type === 'rating' && <p className={`${formStyles.wide} ${styles.hint}`}>The audience taps 1 to 5 stars.</p>}
      {type === 'words' && (
        <p className={`${formStyles.wide} ${styles.hint}`}>
          Each person gives up to three words; they make a word cloud.
        </p>
      )}
      {type === 'text' && (
        <p className={`${formStyles.wide} ${styles.hint}`}>
          Short answers for you to read; you choose which to put on the screen.
        </p>
      )}
    </FormModal>
  );
}
