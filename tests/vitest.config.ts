import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: {
    alias: { 'react-dom/client': 'preact/compat/client', react: 'preact/compat', 'react-dom': 'preact/compat' },
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    include: ['{api,sdk,bookmarklet,popup,extension,examples,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Every temporary file of the run in one folder, removed at its end (tests/temp-dir.ts).
    globalSetup: ['tests/temp-dir.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // argon2 hashing is CPU-bound; two cores are shared with other test files.
    testTimeout: 20_000,
  },
});
