import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Four projects: the shared rules of src/domain, the layer check over the import graph
// (tests/architecture) and the API server run in plain Node; the production build runs as its own
// processes; machines and views run in happy-dom against the same server in-process. `npm run test:pg` runs the server project on PostgreSQL.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // One test file per core: vitest's default leaves a core free, which on a 2-core machine
      // ran the files one at a time. Each file has its own server, database and temporary files.
      maxWorkers: availableParallelism(),
      projects: [
        {
          test: {
            name: 'domain',
            environment: 'node',
            include: ['tests/domain/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
            isolate: false,
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            globalSetup: ['tests/support/template-database.ts'],
            // The files share their worker's modules: each builds its own app, database and keys,
            // and importing the server again per file was a third of this project's CPU.
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          // The build as production starts it, in processes of its own (decision 100): its set-up
          // makes a copy with production dependencies only, once for the project.
          test: {
            name: 'production',
            environment: 'node',
            include: ['tests/production/**/*.test.ts'],
            globalSetup: ['tests/production/built-copy.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            // happy-dom, with Node's fetch classes kept for the server in-process (decision 087).
            environment: './tests/support/happy-dom-environment.ts',
            include: [
              'tests/machines/**/*.test.{ts,tsx}',
              'tests/workflows/**/*.test.{ts,tsx}',
              'tests/ui/**/*.test.{ts,tsx}',
            ],
            setupFiles: ['tests/support/ui-setup.ts'],
            globalSetup: ['tests/support/template-database.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
