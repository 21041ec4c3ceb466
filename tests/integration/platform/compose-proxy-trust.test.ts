import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createApp, type GatherApp } from '@gather/server/api/app';
import { loadConfig } from '@gather/server/platform/config';
import { startTestApp, type TestApp } from '../../support/app.js';

const root = path.resolve(import.meta.dirname, '../../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
/** What compose gives a service's TRUST_PROXY when the .env file says nothing: the `${TRUST_PROXY:-…}` default. */
const composeTrust = (service: string) =>
  /^\$\{TRUST_PROXY:-([^}]*)\}$/.exec(compose.services[service].environment.TRUST_PROXY as string)![1]!;

const network = (compose.networks?.default?.ipam?.config?.[0] ?? {}) as {
  subnet?: string;
  ip_range?: string;
  gateway?: string;
};
const apiProxyAddress = compose.services['api-proxy'].networks?.default?.ipv4_address as string;

let testApp: TestApp;
const built: GatherApp[] = [];
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  for (const app of built) await app.close();
  await testApp?.close();
});

/** The address the API (as compose configures `service`) counts a request as, from `from` claiming `forwarded`. */
function visitorAddress(service: string, from: string, forwarded: string): string | undefined {
  const config = { ...testApp.ctx.config, TRUST_PROXY: loadConfig({ TRUST_PROXY: composeTrust(service) }).TRUST_PROXY };
  const gather = createApp({ ...testApp.ctx, config });
  built.push(gather);
  const socket = { remoteAddress: from };
  const request = Object.assign(Object.create(gather.app.request) as Request, {
    app: gather.app,
    headers: { 'x-forwarded-for': forwarded },
    socket,
    connection: socket,
  });
  return request.ip;
}

describe("docker-compose.yml's TRUST_PROXY", () => {
  it('gives the proxy and the host fixed addresses that no other container can be given', () => {
    expect(network).toEqual({ subnet: '172.30.77.0/24', ip_range: '172.30.77.128/25', gateway: '172.30.77.1' });
    expect(apiProxyAddress).toBe('172.30.77.10');
    expect(composeTrust('api')).toBe('loopback,172.30.77.1,172.30.77.10');
    expect(composeTrust('api-2')).toBe(composeTrust('api'));
  });

  it("takes the visitor's address only from the TLS proxy on the host and the scale profile's proxy", () => {
    const visitor = '203.0.113.7';
    expect(visitorAddress('api', network.gateway!, visitor)).toBe(visitor);
    expect(visitorAddress('api', apiProxyAddress, `${visitor}, ${network.gateway}`)).toBe(visitor);
    expect(visitorAddress('api-2', apiProxyAddress, visitor)).toBe(visitor);
  });

  it('counts any other local address as the visitor itself, whatever X-Forwarded-For it claims', () => {
    // A machine on the church's network, another container on this one, and any private range.
    for (const from of ['192.168.1.50', '172.30.77.130', '10.1.2.3', 'fd00::5', '172.17.0.1']) {
      expect({ from, counted: visitorAddress('api', from, '203.0.113.9') }).toEqual({ from, counted: from });
    }
  });
});
