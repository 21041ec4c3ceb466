import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { pictureProblem, showServerFieldErrors } from '../lib/forms';
import { Button } from './Button';
import { Modal, type ModalProps } from './Modal';
import { useToast } from './Toast';
import styles from './FormModal.module.css';

interface FormModalProps {
  /** The save button sits in the modal's footer, outside the form, and sends it by this id. */
  id: string;
  title: string;
  saveLabel: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  size?: ModalProps['size'];
  /** The fields; `.wide` and `.switches` from FormModal.module.css span both columns. */
  children: ReactNode;
}

/** The staff console's add and edit forms: the fields in a modal, with Cancel and the save button below. */
export function FormModal({ id, title, saveLabel, saving, onSubmit, onClose, size, children }: FormModalProps) {
  return (
    <Modal
      open
      size={size}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={id} busy={saving} busyText="Saving...">
            {saveLabel}
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className={styles.form}>
        {children}
      </form>
    </Modal>
  );
}

/** A picture sent with the form: the file input is not a registered field, so it shows its own problem. */
interface PictureField {
  name: string;
  showProblem: (problem: string | null) => void;
}

/**
 * What follows a save from a form modal: the thanks and the modal closed; or the server's messages
 * under their fields, and the general `failure` only when there were none (nor a problem with the picture).
 */
export function useAfterSave<Values extends FieldValues>(setError: UseFormSetError<Values>, onClose: () => void) {
  const toast = useToast();
  return (success: string, failure: string, picture?: PictureField) => ({
    onSuccess: () => {
      toast.success(success);
      onClose();
    },
    onError: (error: unknown) => {
      const problem = picture ? pictureProblem(error, picture.name) : null;
      picture?.showProblem(problem);
      if (!showServerFieldErrors(setError, error) && !problem) toast.error(failure);
    },
  });
}
