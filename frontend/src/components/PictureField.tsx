import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Field, Input } from './Field';
import { useAfterSave } from './FormModal';

/**
 * The picture of a staff form (an event's image, an album's cover, a series' artwork): the file chosen, sent only
 * when there is one, and what the API said was wrong with it, shown under the field.
 */
function usePictureChoice() {
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

type SaveOutcome = ReturnType<ReturnType<typeof useAfterSave>>;

/**
 * The save of a staff form with one picture: `save` sends the checked values with the file chosen (if any); the
 * thanks and closing, the API's messages under their fields and a refused picture under the picture (`name`, as
 * the API calls it) follow as for every form modal.
 */
export function usePictureFormSave<Input extends FieldValues, Output>(
  form: Pick<UseFormReturn<Input, unknown, Output>, 'handleSubmit' | 'setError'>,
  options: {
    name: string;
    saved: string;
    failed: string;
    onClose: () => void;
    save: (values: Output, picture: File | null, outcome: SaveOutcome) => void;
  },
) {
  const picture = usePictureChoice();
  const afterSave = useAfterSave(form.setError, options.onClose);
  const submit = form.handleSubmit((values) => {
    picture.showProblem(null);
    options.save(
      values,
      picture.file,
      afterSave(options.saved, options.failed, { name: options.name, showProblem: picture.showProblem }),
    );
  });
  return { picture, submit };
}
