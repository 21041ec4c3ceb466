import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { afterLoginPath } from './login-redirect';
import { LoginPage } from './LoginPage';

type Answer = { status: number; body?: unknown };

/** `/me` says signed out; the login call answers as given. */
function serverAnswering(login: Answer) {
  const fetch = vi.fn(async (path: string) => {
    const answer = path === '/api/admin/auth/login' ? login : { status: 401, body: { detail: 'Not signed in.' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

const openLogin = () => renderPage(<LoginPage />, { at: '/admin/login', path: '/admin/login' });

describe('the staff sign-in page', () => {
  it('says what is missing or too short and sends nothing', async () => {
    const fetch = serverAnswering({ status: 200, body: { username: 'pastor' } });
    const { user } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Username/), 'jo');
    await user.type(screen.getByLabelText(/^Password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(fetch.mock.calls.filter(([path]) => path === '/api/admin/auth/login')).toHaveLength(0);
  });

  it('shows and hides the password with a toggle button', async () => {
    serverAnswering({ status: 200 });
    const { user } = openLogin();
    const password = await screen.findByLabelText(/^Password/);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for the second step in place of the password form, and says what is missing', async () => {
    const fetch = serverAnswering({
      status: 200,
      body: { second_step: { token: 'pending', methods: ['authenticator', 'passkey'] } },
    });
    const { user } = openLogin();
    await user.type(await screen.findByLabelText(/^Username/), 'pastor');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code from your authenticator app or a recovery code')).toBeTruthy();
    expect(fetch.mock.calls.filter(([path]) => String(path).includes('second-step'))).toHaveLength(0);
  });

  it.each([
    [
      { status: 401, body: { detail: 'Invalid credentials.' } },
      'Invalid credentials. Please check your username and password.',
    ],
    [
      { status: 429, body: { detail: 'Too many sign-in attempts. Try again in 60 seconds.' } },
      'Too many sign-in attempts. Try again in 60 seconds.',
    ],
    [{ status: 503, body: {} }, 'Authentication service unavailable. Please try again later.'],
  ])('explains a refused sign-in (%o)', async (answer, message) => {
    serverAnswering(answer);
    const { user } = openLogin();
    await user.type(await screen.findByLabelText(/^Username/), 'pastor');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('afterLoginPath', () => {
  it('returns to a staff page or a moderation page on this site', () => {
    expect(afterLoginPath('/admin/contacts')).toBe('/admin/contacts');
    expect(afterLoginPath('/admin/dashboard?section=events')).toBe('/admin/dashboard?section=events');
    expect(afterLoginPath('/qna/view/abc')).toBe('/qna/view/abc');
  });

  it('goes to the dashboard for anything else', () => {
    for (const next of [
      null,
      '',
      '/',
      '/events',
      '//evil.example/admin',
      'https://evil.example/admin',
      '/\\evil',
      '/administrator',
      '/admin/login',
    ])
      expect(afterLoginPath(next)).toBe('/admin/dashboard');
  });
});
