import type { StaffQuestion } from '@gather/contracts';
import { useState } from 'react';
import { useToast } from '../../../components/Toast';
import { neighbourOf } from './ordering';
import type { ModeratorActions } from './useModeratorActions';

/** The spec's pause after Skip, so the room sees the question go before the next one comes. */
export const SKIP_ADVANCE_MS = 500;

/** Presentation mode over `queue`: whichever question is on screen is the one being read. */
export function usePresentation(queue: StaffQuestion[], actions: ModeratorActions) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = queue.find((question) => question.id === currentId) ?? queue[0] ?? null;

  function select(question: StaffQuestion) {
    setCurrentId(question.id);
    if (question.status !== 'reading') void actions.setStatus(question, 'reading', true);
  }

  function start(question: StaffQuestion | null = queue[0] ?? null) {
    setOpen(true);
    if (question) select(question);
  }

  function move(step: 1 | -1) {
    const next = current && neighbourOf(queue, current.id, step);
    if (next) select(next);
  }

  async function skip() {
    if (!current) return;
    const next = neighbourOf(queue, current.id, 1);
    setBusy(true);
    const skipped = await actions.setStatus(current, 'skipped');
    setTimeout(() => {
      setBusy(false);
      if (skipped && next) select(next);
    }, SKIP_ADVANCE_MS);
  }

  async function answer() {
    if (!current) return;
    const next = neighbourOf(queue, current.id, 1);
    setBusy(true);
    const answered = await actions.answer(current);
    setBusy(false);
    if (!answered) return;
    if (next) select(next);
    else {
      setOpen(false);
      toast.success('All questions have been answered!');
    }
  }

  const position = current ? queue.findIndex((question) => question.id === current.id) + 1 : 0;
  return { open, current, position, busy, start, move, skip, answer, close: () => setOpen(false) };
}
