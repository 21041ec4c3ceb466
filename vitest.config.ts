import { defineConfig } from 'vitest/config';

/** Tests of stored media (uploads, processing, serving, zips, deletes), run against both media drivers. */
const MEDIA_TESTS = [
  'tests/integration/platform/media.test.ts',
  'tests/integration/collections/collections.test.ts',
  'tests/integration/collections/unfinished-uploads.test.ts',
  'tests/integration/collections/staff.test.ts',
  'tests/integration/collections/upload-processing.test.ts',
  'tests/integration/collections/upload-video-processing.test.ts',
  'tests/integration/collections/upload-approval.test.ts',
  'tests/integration/collections/upload-slideshow.test.ts',
  'tests/integration/collections/collection-zip.test.ts',
  'tests/integration/collections/resumable-uploads.test.ts',
  'tests/integration/albums/staff.test.ts',
  'tests/integration/events/staff.test.ts',
  'tests/integration/events/event-images.test.ts',
  'tests/integration/sermons/sermon-series-audio.test.ts',
  'tests/integration/sermons/podcast-feed.test.ts',
];

/** Tests that need the S3 server only the media-s3 project starts. */
const S3_ONLY_TESTS = [
  'tests/integration/platform/several-processes.test.ts',
  'tests/integration/platform/media-signed-urls.test.ts',
];

export default defineConfig({
  test: {
    // Two files at a time: most of a test's time is spent waiting on PostgreSQL, Redis, Chromium or a child
    // process, so one at a time left a two-core machine half idle and the run near CI's hour.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Needs the S3 server only the media-s3 project starts.
          exclude: S3_ONLY_TESTS,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Each file starts its own app on its own database, so the server's modules can be loaded once per
          // worker: loading them afresh for every file was two fifths of this project's time.
          isolate: false,
        },
      },
      {
        // The media tests once more with media in a real S3 server (the S3 driver) instead of the local folder.
        test: {
          name: 'media-s3',
          include: [...MEDIA_TESTS, ...S3_ONLY_TESTS],
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/s3-server.ts'],
          env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // One browser test of media, with media in the S3 server: a visitor's photos end up in the store.
        test: {
          name: 'e2e-media-s3',
          include: ['tests/e2e/collections/photo-upload.test.ts'],
          globalSetup: [
            'tests/support/global-setup.ts',
            'tests/support/s3-server.ts',
            'tests/support/build-frontend.ts',
          ],
          env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
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
        // Rules worth testing alone (money, dates, the word filter, Q&A live gathering, Gift Aid), beside their code.
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'contracts/src/**/*.test.ts'],
        },
      },
      {
        // Installing and starting Gather as a volunteer would, on each supported Node with the npm it ships.
        test: {
          name: 'install',
          include: ['tests/install/**/*.test.ts'],
          // Whole installs on every supported Node: alone, after the rest, so they never share two cores.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 10 * 60_000,
          hookTimeout: 10 * 60_000,
          pool: 'forks',
        },
      },
      {
        // The Docker deploy, run for real as the README says: the image built, compose up, faults, backups.
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 10 * 60_000,
          hookTimeout: 30 * 60_000,
          // Each file runs whole deployments: one at a time, so two builds never share two cores.
          fileParallelism: false,
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
