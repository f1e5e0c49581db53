import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;
const serverTests = ['apps/server/src/**/*.test.ts'];

/**
 * One `vitest run` runs everything: the server suite on SQLite, again on PostgreSQL when
 * TEST_DATABASE_URL is set, the contract and web units, and the browser tests when Chromium is there.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { test: { name: 'contract', include: ['packages/*/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the other projects, in a group of its own: browsers do not compete with the server suites.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // Two browsers on two cores beside their servers: a step can miss its deadline for want
          // of CPU alone. One retry keeps that from failing CI; the summary names every test that
          // needed it, and a real failure fails both tries.
          retry: 1,
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          exclude: ['**/*.postgres.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
