import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The same path aliases as tsconfig.json, for every project. */
const alias = {
  '@shared': here('./shared'),
  '@functions': here('./functions'),
  '@infra': here('./infra'),
  '@web': here('./web/src'),
};

/**
 * React's scheduler can still run work a web test file left behind (an antd closing animation, a
 * late query result) after happy-dom has torn that file's window down — every test of the file has
 * finished by then. On a busy two-core CI machine this surfaced as an unhandled
 * "ReferenceError: window is not defined" from react-dom. That exact error, thrown from React's
 * scheduler, is the only unhandled error ignored; web/src/testing/render.tsx already gives React a
 * moment before teardown, so it is rare.
 */
function isReactAfterTeardown(error: { name?: string; message?: string; stack?: string; stacks?: unknown }) {
  const where = `${error.stack ?? ''}${JSON.stringify(error.stacks ?? '')}`;
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    /react-dom|scheduler/.test(where)
  );
}

export default defineConfig({
  resolve: { alias },
  test: {
    onUnhandledError: (error) => (isReactAfterTeardown(error) ? false : undefined),
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', root: here('./shared'), environment: 'node', include: ['**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'functions',
          root: here('./functions'),
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          root: here('./infra'),
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Integration tests: real local engines (DynamoDB Local, cognito-local, S3, SQS, gateways),
        // started once per run by the global setup and shared by every file.
        resolve: { alias },
        test: {
          name: 'integration',
          root: here('.'),
          environment: 'node',
          include: ['functions/**/*.int.test.ts', 'infra/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: [here('./infra/local/test-global-setup.ts')],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // End-to-end: real walks in headless Chromium (Debian's, through playwright-core) against
        // the local cloud; the global setup builds the SPA when stale, starts the cloud as the
        // integration project does and launches one browser for the run.
        resolve: { alias },
        test: {
          name: 'e2e',
          root: here('.'),
          environment: 'node',
          include: ['web/e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: [here('./web/e2e/global-setup.ts')],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: here('./web'),
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
