import './LiveIndicator.css';
import type { ConnectionState } from './connection';
import { useConnectionState } from './hooks';

function textFor(state: ConnectionState, intervalMs: number): string {
  if (state === 'connected') return 'Live';
  if (state === 'connecting') return 'Connecting…';
  return `Offline — refreshing every ${Math.round(intervalMs / 1000)} s`;
}

/**
 * Tells staff whether the screen updates by itself: live while the staff socket is connected,
 * otherwise it is polled every `intervalMs` (the same interval given to `usePollingFallback`).
 */
export function LiveIndicator({ intervalMs }: { intervalMs: number }) {
  const state = useConnectionState('staff');
  return (
    <span className="live-indicator" data-state={state} role="status" aria-live="polite">
      <span className="live-indicator__dot" aria-hidden="true" />
      {textFor(state, intervalMs)}
    </span>
  );
}
