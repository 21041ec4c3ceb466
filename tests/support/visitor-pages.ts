import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { TestSite } from './site.js';
import type { Staff } from './staff.js';

/** Next year: what the tests put on the calendar is upcoming whenever they run. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** Creates something as the console does, requires the 201, and answers the new id. */
export async function staffCreates<Id = string>(app: TestApp, staff: Staff, route: string, body: unknown): Promise<Id> {
  const created = await app.call('POST', route, body, staff.headers);
  expect(created.status, `POST ${route}`).toBe(201);
  return (created.body as { id: Id }).id;
}

/** A visitor whose phone has not run (or cannot run) the pages' JavaScript yet. */
export async function pageWithoutScript(site: TestSite): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  return context.newPage();
}

/** Everything the browser reported as going wrong while the page woke up. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
