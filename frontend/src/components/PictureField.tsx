import { useState } from 'react';
import { Field, Input } from './Field';

/**
 * The picture of a staff form (an event's image, an album's cover, a series' artwork): the file chosen, sent only
 * when there is one, and what the API said was wrong with it, shown under the field.
 */
export function usePictureChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return { file, choose: setFile, problem, showProblem: setProblem };
}

export type PictureChoice = ReturnType<typeof usePictureChoice>;

export function PictureField({
  label,
  hint,
  choice,
  className,
}: {
  label: string;
  hint?: string;
  choice: PictureChoice;
  className?: string;
}) {
  return (
    <Field label={label} error={choice.problem ?? undefined} hint={hint} className={className}>
      {(control) => (
        <Input {...control} type="file" accept="image/*" onChange={(e) => choice.choose(e.target.files?.[0] ?? null)} />
      )}
    </Field>
  );
}
