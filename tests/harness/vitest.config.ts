import { defineConfig } from 'vitest/config';

/** A run of one fixture test through the same global set-up (embedded PostgreSQL, Redis) as `npm test`. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/harness/outcome.fixture.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
  },
});
