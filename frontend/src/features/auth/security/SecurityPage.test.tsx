import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../../test/answers';
import { renderPage } from '../../../test/render-page';
import { SecurityPage } from './SecurityPage';

afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}`);

/**
 * The API as the Security page meets it: the app counts as set up from the moment its first code is confirmed, and
 * "who is signed in" answers a little after the page's own status, as two requests to a busy server do.
 */
function secondFactorApi() {
  let confirmed = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${path}`;
      if (call === 'GET /api/admin/auth/me') {
        if (confirmed) await new Promise((resolve) => setTimeout(resolve, 50));
        return jsonAnswer(200, { id: 3, username: 'verger', roles: ['content'], must_change_password: false });
      }
      if (call === 'GET /api/admin/second-factor/') {
        const left = confirmed ? 10 : 0;
        const status = { authenticator: confirmed, passkeys: [], recovery_codes_left: left, required: false };
        return jsonAnswer(200, { ...status, required_for_all_staff: false });
      }
      if (call === 'POST /api/admin/second-factor/authenticator/') {
        return jsonAnswer(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          qr_code_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        });
      }
      if (call === 'POST /api/admin/second-factor/authenticator/confirm/') {
        confirmed = true;
        return jsonAnswer(200, { recovery_codes: CODES });
      }
      return jsonAnswer(404, { detail: `No answer for ${call}` });
    }),
  );
}

it('shows the ten recovery codes once the app is confirmed, though the setup form is gone by then', async () => {
  secondFactorApi();
  const { user } = renderPage(<SecurityPage />);
  await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
  await user.type(await screen.findByLabelText(/^Code from the app/), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));

  const list = await screen.findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES);
  expect(screen.getByText('Set up: sign-in asks for its 6-digit code.')).toBeTruthy();
});
