import type { InboxKind } from './api';

/** The spec's inbox messages (section 8); giving notices follow the same wording. */
export const INBOX_MESSAGES: Record<
  InboxKind,
  {
    loadError: string;
    deleted: string;
    deleteError: string;
    confirmDelete: string;
    markError?: string;
    /** The toast with Undo after marking; the Undo's own failure. */
    marked?: string;
    undoError?: string;
  }
> = {
  contact: {
    loadError: 'Error loading contact submissions. Please try again.',
    markError: 'Error marking submission as read. Please try again.',
    marked: 'Message marked as read.',
    undoError: 'Error marking the message unread again. Please try again.',
    deleted: 'Contact submission deleted successfully.',
    deleteError: 'Error deleting submission. Please try again.',
    confirmDelete: 'Are you sure you want to delete this contact submission? This action cannot be undone.',
  },
  connect: {
    loadError: 'Error loading connect submissions. Please try again.',
    markError: 'Error marking submission as processed. Please try again.',
    marked: 'Card marked as processed.',
    undoError: 'Error marking the card new again. Please try again.',
    deleted: 'Connect submission deleted successfully.',
    deleteError: 'Error deleting submission. Please try again.',
    confirmDelete: 'Are you sure you want to delete this connect submission? This action cannot be undone.',
  },
  giving: {
    loadError: 'Error loading giving submissions. Please try again.',
    deleted: 'Giving submission deleted successfully.',
    deleteError: 'Error deleting submission. Please try again.',
    confirmDelete: 'Are you sure you want to delete this giving submission? This action cannot be undone.',
  },
};
