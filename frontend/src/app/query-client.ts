import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/**
 * A 401 from any staff call means the session ended (logout elsewhere, password changed, expired):
 * marking the user signed out makes the staff guard send them to the login page and back.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signOutOn401 }),
    mutationCache: new MutationCache({ onError: signOutOn401 }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (failures, error) => !isUnauthorized(error) && failures < 2 },
    },
  });
  function signOutOn401(error: unknown) {
    if (isUnauthorized(error)) client.setQueryData(queryKeys.auth.me(), null);
  }
  return client;
}
