import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('health and conventions', () => {
  it('answers liveness; readiness (tests/integration/health/readiness.test.ts) also needs a worker', async () => {
    expect((await app.call('GET', '/api/health/')).body).toEqual({ status: 'ok' });
    const ready = await app.call('GET', '/api/ready/');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not ready' });
  });

  it('gives every answer a request id and security headers', async () => {
    const answer = await app.call('GET', '/api/health/', undefined, { 'x-request-id': 'abc-123' });
    expect(answer.headers.get('x-request-id')).toBe('abc-123');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("keeps the container's health checks out of the log, and logs every other request", async () => {
    app.ctx.log.level = 'info';
    try {
      const before = app.logs.length;
      for (let check = 0; check < 3; check++) expect((await app.call('GET', '/api/health/')).status).toBe(200);
      await app.call('GET', '/api/ready/');
      const urls = app.logs.slice(before).map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url);
      expect(urls).toEqual(['/api/ready/']);
    } finally {
      app.ctx.log.level = 'warn';
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const answer = await app.call('GET', '/api/no-such-thing/');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: 'Not found.' });
  });
});
