import type { StaffQuestion, QuestionStatus } from '@gather/contracts';
import { useState } from 'react';
import { useConfirm } from '../../../components/Confirm';
import { useToast } from '../../../components/Toast';
import { truncate } from '../../../lib/format';
import { useDeleteQuestion, useReviewQuestion, useSetQuestionStatus } from './api';

/** The moderator's actions on one question, each with the spec's toast. */
export function useModeratorActions(sessionId: string) {
  const toast = useToast();
  const confirm = useConfirm();
  const setStatusCall = useSetQuestionStatus(sessionId);
  const deleteCall = useDeleteQuestion(sessionId);
  const reviewCall = useReviewQuestion(sessionId);
  const [priority, setPriority] = useState<ReadonlySet<number>>(() => new Set());

  async function setStatus(question: StaffQuestion, status: QuestionStatus, quiet = false): Promise<boolean> {
    try {
      await setStatusCall.mutateAsync({ id: question.id, status });
      if (!quiet) toast.success(`Question marked as ${status}`);
      return true;
    } catch {
      toast.error('Error updating question status');
      return false;
    }
  }

  /** Answered questions leave the session: the status is recorded first, then the question deleted. */
  async function answer(question: StaffQuestion): Promise<boolean> {
    try {
      await setStatusCall.mutateAsync({ id: question.id, status: 'answered' });
      await deleteCall.mutateAsync(question.id);
      toast.success('Question marked as answered and removed');
      return true;
    } catch {
      toast.error('Error processing question');
      return false;
    }
  }

  async function remove(question: StaffQuestion): Promise<void> {
    const sure = await confirm({
      title: `Delete the question “${truncate(question.text, 60)}”?`,
      message: 'Are you sure you want to delete this question? This action cannot be undone.',
    });
    if (!sure) return;
    try {
      await deleteCall.mutateAsync(question.id);
      toast.success('Question deleted successfully');
    } catch {
      toast.error('Error deleting question');
    }
  }

  /** Approved, a waiting question goes live to the audience; dismissed, nobody else ever sees it. */
  async function review(question: StaffQuestion, decision: 'approve' | 'dismiss'): Promise<boolean> {
    try {
      await reviewCall.mutateAsync({ id: question.id, decision });
      toast.success(decision === 'approve' ? 'Question approved' : 'Question dismissed');
      return true;
    } catch {
      toast.error(decision === 'approve' ? 'Error approving question' : 'Error dismissing question');
      return false;
    }
  }

  /** Priority lives only on this screen: it orders the moderator's list and is never sent. */
  function togglePriority(question: StaffQuestion): void {
    const marked = !priority.has(question.id);
    setPriority((current) => {
      const next = new Set(current);
      if (marked) next.add(question.id);
      else next.delete(question.id);
      return next;
    });
    toast.info(marked ? 'Question marked as priority' : 'Priority removed');
  }

  return { priority, setStatus, answer, remove, togglePriority, review, reviewing: reviewCall.isPending };
}

export type ModeratorActions = ReturnType<typeof useModeratorActions>;
