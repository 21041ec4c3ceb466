import { useConfirm } from '../../components/Confirm';
import { useToast } from '../../components/Toast';
import type { ConnectSubmission, ContactSubmission } from '@gather/contracts';
import { useDeleteSubmission, useMarkHandled, type InboxKind } from './api';
import { INBOX_MESSAGES } from './messages';

/** Deleting a submission, after the spec's confirmation and with its messages. */
export function useDeleteAction(kind: InboxKind) {
  const toast = useToast();
  const confirm = useConfirm();
  const deleteCall = useDeleteSubmission(kind);
  const messages = INBOX_MESSAGES[kind];

  return async function remove(id: number): Promise<boolean> {
    const sure = await confirm({ title: 'Delete submission', message: messages.confirmDelete });
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
 * Marks a message read (or a card processed); opening it does so as well as the button.
 * `onMarked` gets the row as the server now has it, which a filtered list may no longer show.
 */
export function useMarkAction<K extends 'contact' | 'connect'>(kind: K, onMarked: (row: Handled[K]) => void) {
  const toast = useToast();
  const markCall = useMarkHandled(kind);
  const mark = (id: number) =>
    markCall.mutate(id, { onSuccess: onMarked, onError: () => toast.error(INBOX_MESSAGES[kind].markError!) });
  return { mark, marking: markCall.isPending };
}
