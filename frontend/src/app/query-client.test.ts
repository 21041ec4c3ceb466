import { expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { createQueryClient } from './query-client';

const SEXTON = { id: 7, username: 'sexton' };

/** A staff list the console reads, answering with this error. */
const failingRead = (status: number) => async () => {
  throw new ApiError(status, { detail: 'No.' });
};

it('marks the staff member signed out when any staff call answers 401, and only then', async () => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.auth.me(), SEXTON);

  await client.fetchQuery({ queryKey: ['people'], queryFn: failingRead(503), retry: false }).catch(() => undefined);
  expect(client.getQueryData(queryKeys.auth.me())).toEqual(SEXTON);

  await client.fetchQuery({ queryKey: ['people'], queryFn: failingRead(401), retry: false }).catch(() => undefined);
  expect(client.getQueryData(queryKeys.auth.me())).toBeNull();
});
