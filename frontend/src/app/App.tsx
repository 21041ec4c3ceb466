import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/Confirm';
import { ToastProvider } from '../components/Toast';

/**
 * The providers every page sits in, around the router the caller made: the browser's router in the
 * browser, the static one when the server renders a page.
 */
export function App({ router, queryClient }: { router: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>{router}</ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
