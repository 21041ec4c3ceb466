import { createContext, useContext, type ReactNode } from 'react';
import { LiveConnection, type LiveConnectionOptions, type LiveNamespace } from './connection';

export type LiveConnections = { readonly [N in LiveNamespace]: LiveConnection<N> };

/** One connection per namespace, each made the first time something asks for it. */
export function createLiveConnections(options: Omit<LiveConnectionOptions, 'disconnectWhenIdle'> = {}) {
  let staff: LiveConnection<'staff'> | undefined;
  let audience: LiveConnection<'audience'> | undefined;
  return {
    get staff() {
      return (staff ??= new LiveConnection('staff', options));
    },
    // The audience namespace has no leave event: its socket is only kept while a room is followed.
    get audience() {
      return (audience ??= new LiveConnection('audience', { ...options, disconnectWhenIdle: true }));
    },
    close() {
      staff?.close();
      audience?.close();
    },
  };
}

/** The page's own origin: the API serves the site, and Vite proxies /socket.io in development. */
const LiveContext = createContext<LiveConnections>(createLiveConnections());

/** Only needed to connect somewhere other than the page's origin (tests). */
export function LiveProvider({ connections, children }: { connections: LiveConnections; children: ReactNode }) {
  return <LiveContext value={connections}>{children}</LiveContext>;
}

export function useLiveConnection<N extends LiveNamespace>(namespace: N): LiveConnection<N> {
  return useContext(LiveContext)[namespace];
}
