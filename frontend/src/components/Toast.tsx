import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './Toast.module.css';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title?: string;
  /** How long it stays; the staff console's toasts last 4 s, the public pages' 3 s. */
  durationMs?: number;
  /** One button in the toast, e.g. Undo; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

interface Toast extends ToastOptions {
  id: number;
  tone: ToastTone;
  message: string;
}

export interface Toaster {
  show(tone: ToastTone, message: string, options?: ToastOptions): void;
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
  warning(message: string, options?: ToastOptions): void;
}

const DEFAULT_DURATION_MS = 4_000;
const ToastContext = createContext<Toaster | null>(null);

/** Messages that never block: read out by screen readers, gone by themselves, closable by hand. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((shown) => [...shown.slice(-3), { id, tone, message, ...options }]);
      setTimeout(() => dismiss(id), options.durationMs ?? DEFAULT_DURATION_MS);
    },
    [dismiss],
  );
  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      warning: (message, options) => show('warning', message, options),
    }),
    [show],
  );

  return (
    <ToastContext value={toaster}>
      {children}
      <div className={styles.region} aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`${styles.toast} ${styles[toast.tone]}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <div className={styles.text}>
              {toast.title && <strong className={styles.title}>{toast.title}</strong>}
              <span>{toast.message}</span>
            </div>
            {toast.action && (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  dismiss(toast.id);
                  toast.action!.onClick();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className={styles.close} onClick={() => dismiss(toast.id)} aria-label="Dismiss">
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a ToastProvider above it');
  return toaster;
}
