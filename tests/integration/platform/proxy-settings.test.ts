import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@gather/server/platform/config';
import { startTestApp, type TestApp } from '../../support/app.js';

/** Every call here comes from 127.0.0.1; X-Forwarded-For says which visitor a proxy there is passing on. */
let ignoringProxies: TestApp;
let behindOneProxy: TestApp;
beforeAll(async () => {
  [ignoringProxies, behindOneProxy] = await Promise.all([
    startTestApp({ RATE_LIMIT_FORMS: '1', TRUST_PROXY: 'false', HSTS: 'true' }),
    startTestApp({ RATE_LIMIT_FORMS: '1', TRUST_PROXY: '1' }),
  ]);
});
afterAll(async () => {
  await ignoringProxies?.close();
  await behindOneProxy?.close();
});

/**
 * Limit counts live in the Redis every test file shares, keyed by address: each visitor here gets an
 * address of its own (a random start, then the next one).
 */
let lastOctet = Math.floor(Math.random() * 200);
const visitorAddress = () => `192.0.2.${++lastOctet}`;

const contactFrom = (app: TestApp, visitor: string) =>
  app.call(
    'POST',
    '/api/contact/',
    { name: 'Ann Lee', email: 'ann@example.org', subject: 'Hello', message: 'Hello there' },
    { 'x-forwarded-for': visitor },
  );

describe('TRUST_PROXY', () => {
  it('with one proxy in front, gives each forwarded visitor a form budget of their own', async () => {
    const [first, second] = [visitorAddress(), visitorAddress()];
    expect((await contactFrom(behindOneProxy, first)).status).toBe(201);
    expect((await contactFrom(behindOneProxy, first)).status).toBe(429);
    expect((await contactFrom(behindOneProxy, second)).status).toBe(201);
  });

  it('with false, ignores X-Forwarded-For: every caller from one address shares its budget', async () => {
    // 127.0.0.1's count is shared with other test files' calls, so the first may already be refused.
    await contactFrom(ignoringProxies, visitorAddress());
    const forged = await contactFrom(ignoringProxies, visitorAddress());
    expect(forged.status).toBe(429);
    expect(forged.body.detail).toMatch(/^Too many requests/);
  });

  it('takes false, a number of proxies, or addresses, subnets and named ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8 , 192.0.2.7' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
  });

  it('refuses to start with a value it cannot read, naming the setting', () => {
    for (const wrong of ['true', 'caddy', '10.0.0.0/33', 'loopback,,10.0.0.300', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY: .*must be false, a number of proxies/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'caddy' })).toThrow(/"caddy" is not understood/);
  });
});

describe('HSTS', () => {
  it('sends Strict-Transport-Security only when HSTS is on', async () => {
    const on = await ignoringProxies.call('GET', '/api/health/');
    expect(on.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const off = await behindOneProxy.call('GET', '/api/health/');
    expect(off.headers.get('strict-transport-security')).toBeNull();
  });

  it('is on by default only in production behind https', () => {
    const https = { NODE_ENV: 'production', PUBLIC_URL: 'https://gatherchurch.org' };
    expect(loadConfig(https).HSTS).toBe(true);
    expect(loadConfig({ ...https, HSTS: 'false' }).HSTS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://192.168.1.20:3000' }).HSTS).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://gatherchurch.org' }).HSTS).toBe(false);
    expect(loadConfig({ HSTS: 'true' }).HSTS).toBe(true);
    expect(() => loadConfig({ HSTS: 'yes' })).toThrow(/HSTS/);
  });
});
