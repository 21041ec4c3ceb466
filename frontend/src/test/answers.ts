import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Every call the page makes answered with this one answer; the calls are recorded for the test to read. */
export function answerEveryCallWith(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => jsonAnswer(status, body));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
