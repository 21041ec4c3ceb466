import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { ModeratorPage } from './ModeratorPage';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ detail: 'Not found.' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('the moderator page', () => {
  it('says the session is not found and links back to the dashboard', async () => {
    renderPage(<ModeratorPage />, {
      at: `/qna/view/${SESSION}`,
      path: '/qna/view/:sessionId',
      connections: server.connections,
    });
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeTruthy();
    expect(await screen.findByText('Q&A session not found or has ended')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });
});
