import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/paths.js';

describe('the server entry', () => {
  it('refuses WORKERS above 1 over SQLite, saying what to do, before it opens anything', () => {
    // Were the refusal missing, the server would start (on a port nobody else here uses) and time out.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, WORKERS: '2', DATABASE_URL: 'sqlite::memory:', PORT: '9141', EXAMPLES_PORT: '9142', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WORKERS=2 needs Postgres (DATABASE_URL=postgres://…): SQLite takes one server process.');
  });
});
