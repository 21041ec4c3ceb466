import { useConfirm } from '../Confirm';
import { useToast } from '../Toast';
import type { ConnectSubmission, ContactSubmission } from '@gather/contracts';
import { useDeleteSubmission, useMarkHandled, type InboxKind } from './api';
import { INBOX_MESSAGES } from './messages';

/** Deleting a submission, after the spec's confirmation and with its messages. */
export function useDeleteAction(kind: InboxKind) {
  const toast = useToast();
  const confirm = useConfirm();
  const deleteCall = useDeleteSubmission(kind);
  const messages = INBOX_MESSAGES[kind];

  /** `what` names the submission in the dialog's title, e.g. "message from Ann". */
  return async function remove(id: number, what: string): Promise<boolean> {
    const sure = await confirm({ title: `Delete the ${what}`, message: messages.confirmDelete });
    if (!sure) return false;
    try {
      await deleteCall.mutateAsync(id);
      toast.success(messages.deleted);
      return true;
    } catch {
      toast.error(messages.deleteError);
      return false;
    }
  };
}

type Handled = { contact: ContactSubmission; connect: ConnectSubmission };

/**
 * Marks a message read (or a card processed); opening it does so quietly, the buttons with a toast whose Undo
 * puts it back. `onMarked` gets the row as the server now has it, which a filtered list may no longer show.
 */
export function useMarkAction<K extends 'contact' | 'connect'>(
  kind: K,
  onMarked: (row: Handled[K]) => void = () => {},
) {
  const toast = useToast();
  const markCall = useMarkHandled(kind);
  const messages = INBOX_MESSAGES[kind];

  const undo = (id: number) =>
    markCall.mutate({ id, handled: false }, { onSuccess: onMarked, onError: () => toast.error(messages.undoError!) });
  const mark = (id: number, { quietly = false } = {}) =>
    markCall.mutate(
      { id, handled: true },
      {
        onSuccess: (row) => {
          onMarked(row);
          if (!quietly) toast.success(messages.marked!, { action: { label: 'Undo', onClick: () => undo(id) } });
        },
        onError: () => toast.error(messages.markError!),
      },
    );
  return { mark, marking: markCall.isPending };
}
