import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointSpec } from '@gather/server/platform/http/endpoint';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import {
  WRONG_JSON_BODIES,
  WRONG_JSON_VALUES,
  WRONG_QUERY_VALUES,
  pathOf,
  placesIn,
  problemWith,
} from '../../support/wrong-input.js';

let app: TestApp;
let staff: Staff;

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app?.close());

/** Signed in for staff endpoints, as a visitor without cookies for the public ones. */
const headersFor = (endpoint: EndpointSpec) => (endpoint.access === 'staff' ? staff.headers : {});
const named = (endpoint: EndpointSpec) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

/**
 * Every endpoint's schema gets, one field at a time, values of the wrong kind: whatever a script sends, the
 * answer is a 4xx that names what is wrong, never a 500. Problems are gathered so one run lists them all.
 */
describe('wrong kinds of input on every endpoint', () => {
  it('in a JSON body, field by field and as a whole, never answer 500 and a 400 names the fields', async () => {
    const withBodies = app.endpoints.filter((endpoint) => endpoint.body);
    expect(withBodies.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const endpoint of withBodies) {
      const path = pathOf(endpoint);
      const send = async (what: string, body: string) => {
        const answer = await app.call(endpoint.method.toUpperCase(), path, body, headersFor(endpoint));
        const problem = problemWith(answer);
        if (problem)
          problems.push(`${named(endpoint)} with ${what}: ${problem} ${JSON.stringify(answer.body).slice(0, 200)}`);
      };
      for (const place of placesIn(endpoint.body)) {
        for (const [label, value] of Object.entries(WRONG_JSON_VALUES)) {
          await send(`${place.name} as ${label}`, place.bodyWith(value));
        }
      }
      for (const [label, body] of Object.entries(WRONG_JSON_BODIES)) await send(`the body as ${label}`, body);
    }
    expect(problems).toEqual([]);
  });

  it('in a query string, field by field, never answer 500 and a 400 names the fields', async () => {
    const withQueries = app.endpoints.filter((endpoint) => endpoint.query);
    expect(withQueries.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const endpoint of withQueries) {
      const path = pathOf(endpoint);
      for (const { name: field } of placesIn(endpoint.query)) {
        for (const [label, query] of Object.entries(WRONG_QUERY_VALUES)) {
          const answer = await app.call(endpoint.method.toUpperCase(), `${path}?${query(field)}`, undefined, {
            ...headersFor(endpoint),
            // A visitor's write by query (unsubscribe) comes from the site's own page.
            origin: app.url,
          });
          const problem = problemWith(answer);
          if (problem) problems.push(`${named(endpoint)} with ${field} as ${label}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
