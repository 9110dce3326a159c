import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** The server's side: Node code over real databases and servers. */
const SERVER = ['{api,extension,examples,bench}/**/*.test.{ts,tsx}'];
/** The browser's side (a DOM per file), and a file that mocks a module (the fuzz test's DNS). */
const ISOLATED = ['{popup,sdk,bookmarklet}/**/*.test.{ts,tsx}', 'api/src/fuzz/api.test.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: {
    alias: { 'react-dom/client': 'preact/compat/client', react: 'preact/compat', 'react-dom': 'preact/compat' },
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    environment: 'node',
    // Every temporary file of the run in one folder, removed at its end (tests/temp-dir.ts).
    globalSetup: ['tests/temp-dir.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // argon2 hashing is CPU-bound; two cores are shared with other test files.
    testTimeout: 20_000,
    // Two files at a time even on two cores (vitest's default there is one): much of a file's time is waiting
    // (servers started, sockets, timers a test lets run), not the CPU.
    maxWorkers: 2,
    projects: [
      // Each server-side file imported the whole app afresh (about 1.4 s of each file's time on two cores): they
      // share one module graph per worker instead. What such a file sets up is its own (a database, an app, a
      // port, timers it puts back), and none mocks a module, so one cannot see another's.
      { extends: true, test: { name: 'server', include: SERVER, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
      // Files that draw into a DOM of their own (jsdom, set per file) or stub a module or a browser global.
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
