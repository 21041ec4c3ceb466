import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/build-frontend.ts'],
          // A browser on a busy two-core CI machine can take seconds to show what a test waits for.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // The frontend's own Vite config, so components are built as in the app.
        extends: './frontend/vite.config.ts',
        test: {
          name: 'frontend',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['frontend/src/test/setup.ts'],
          // Typing a whole form into jsdom is CPU work: on a loaded two-core machine it can take several seconds.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
