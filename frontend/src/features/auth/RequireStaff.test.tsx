import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { jsonAnswer } from '../../test/answers';
import { RequireStaff } from './RequireStaff';

afterEach(() => vi.unstubAllGlobals());

const SEXTON = { id: 7, username: 'sexton', roles: ['content'], must_change_password: false, must_enrol: false };

/** A staff page with a half-written note, behind the guard every staff page sits under. */
function openStaffPage(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { element: <RequireStaff />, children: [{ path: '/admin/people', element: <textarea aria-label="Note" /> }] },
      { path: '/admin/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/admin/people'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // react-query tells its observers on the next turn: the page is read after that.
  return () =>
    act(async () => {
      await queryClient.refetchQueries({ queryKey: queryKeys.auth.me() });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
}

it('keeps the page and what is typed when a check of the session fails for a moment, and signs out on a 401', async () => {
  let answer = () => jsonAnswer(200, SEXTON);
  const checkAgain = openStaffPage(() => answer());
  const note = await screen.findByLabelText('Note');
  await userEvent.type(note, 'Ring at ten');

  answer = () => jsonAnswer(503, { detail: 'The site is busy.' });
  await checkAgain();
  expect(screen.getByLabelText('Note')).toHaveProperty('value', 'Ring at ten');
  expect(screen.queryByText(/couldn't reach the site/)).toBeNull();

  answer = () => jsonAnswer(401, { detail: 'Not signed in.' });
  await checkAgain();
  expect(await screen.findByText('Sign in')).toBeTruthy();
});
