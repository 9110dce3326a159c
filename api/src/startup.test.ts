import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { mailDestination, startupProblem } from './startup.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('startupProblem', () => {
  it('refuses production without SMTP_URL: mail would be dropped', () => {
    expect(startupProblem(loadConfig({ NODE_ENV: 'production' }))).toMatch(/SMTP_URL/);
  });

  it('lets production with SMTP, and development without it, start', () => {
    expect(startupProblem(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }))).toBeNull();
    expect(startupProblem(loadConfig({}))).toBeNull();
  });
});

describe('mailDestination', () => {
  it('names the SMTP host, never its password', () => {
    const where = mailDestination(loadConfig({ SMTP_URL: 'smtps://corkboard:s3cret@mail.example:465' }));
    expect(where).toBe('SMTP at mail.example:465');
    expect(where).not.toContain('s3cret');
  });

  it('names the dev outbox without SMTP', () => {
    expect(mailDestination(loadConfig({ PORT: '9000' }))).toBe('the dev outbox at http://localhost:9000/dev/outbox (loopback clients only)');
  });
});

describe('npm start in production without SMTP_URL', () => {
  it('refuses to start, saying why', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', PORT: '1', EXAMPLES_PORT: '2' };
    delete env.SMTP_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('NODE_ENV=production needs SMTP_URL');
    expect(run.stdout).not.toContain('Corkboard');
  }, 40_000);
});
