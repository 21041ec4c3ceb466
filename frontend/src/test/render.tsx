import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LiveProvider, type LiveConnections } from '../lib/live/connections';

function providers(connections: LiveConnections) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <LiveProvider connections={connections}>{children}</LiveProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

/** Runs hooks inside the app's providers, connected to `connections`. */
export function renderLiveHook<Result>(hook: () => Result, connections: LiveConnections) {
  const { queryClient, wrapper } = providers(connections);
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

export function renderLive(ui: ReactNode, connections: LiveConnections) {
  const { queryClient, wrapper } = providers(connections);
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A query the way a screen holds it, answered from a list the test controls, counting its fetches. */
export function fakeApi<Answer>(answer: Answer) {
  const api = { answer, fetches: 0, fetch: async () => (api.fetches++, api.answer) };
  return api;
}
