import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmRequest {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** danger for deletions and endings: the confirm button turns red. */
  tone?: 'danger' | 'primary';
}

type Ask = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** The spec's "Are you sure...?" questions, as accessible dialogs rather than window.confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmRequest & { answer: (yes: boolean) => void }) | null>(null);

  const ask = useCallback<Ask>(
    (request) =>
      new Promise<boolean>((resolve) => {
        setPending({
          ...request,
          answer: (yes) => {
            setPending(null);
            resolve(yes);
          },
        });
      }),
    [],
  );

  return (
    <ConfirmContext value={ask}>
      {children}
      {pending && (
        <Modal
          open
          size="sm"
          title={pending.title ?? 'Please confirm'}
          onClose={() => pending.answer(false)}
          footer={
            <>
              <Button variant="ghost" onClick={() => pending.answer(false)}>
                Cancel
              </Button>
              <Button
                variant={pending.tone === 'primary' ? 'primary' : 'danger'}
                onClick={() => pending.answer(true)}
                autoFocus
              >
                {pending.confirmLabel ?? 'Delete'}
              </Button>
            </>
          }
        >
          <p>{pending.message}</p>
        </Modal>
      )}
    </ConfirmContext>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it');
  return ask;
}
