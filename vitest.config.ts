import { defineConfig } from 'vitest/config';

// Two projects: fast pure tests, and integration tests that each get a fresh database
// on embedded PostgreSQL (or on the server named by DATABASE_URL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.spec.ts', 'tests/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/setup/database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
