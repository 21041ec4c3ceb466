import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConfirmProvider } from '../components/Confirm';
import { ToastProvider } from '../components/Toast';
import { LiveProvider, type LiveConnections } from '../lib/live/connections';

export interface RenderPageOptions {
  /** The address the page is opened at. */
  at?: string;
  /** The route pattern the page is mounted on, for pages that read params (`/qna/submit/:sessionId`). */
  path?: string;
  /** A test socket.io server's connections, for pages that follow live rooms. */
  connections?: LiveConnections;
  /** Passed to userEvent.setup (e.g. `advanceTimers` under fake timers). */
  user?: Parameters<typeof userEvent.setup>[0];
}

/** A page inside the app's providers (queries, toasts, confirmations, router), as a visitor meets it. */
export function renderPage(
  page: ReactNode,
  { at = '/page', path = '/page', connections, user }: RenderPageOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const routed = (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path={path} element={page} />
        {/* Where 'Return Home' and 'Go Home' links lead. */}
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          {connections ? <LiveProvider connections={connections}>{routed}</LiveProvider> : routed}
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  // No pause between keystrokes: typing then costs no timer turns, so a test's length does not grow with the text.
  return { queryClient, user: userEvent.setup({ delay: null, ...user }), ...render(tree) };
}
