import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { STRONG, yearsAgo } from './auth-helpers';
import { answering, freePort, serverProcess, stopProcess } from './server-process';

/**
 * SIGNUP_MODE=closed on a server of its own (its own database and origin, the local OpenID provider it
 * starts in development): no way in makes an account, and each says so on the page.
 */
const DATABASE = `test-results/e2e-signup-closed-${process.pid}.sqlite`;
const databasePath = fileURLToPath(new URL(`../../${DATABASE}`, import.meta.url));
const userCount = () => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('with SIGNUP_MODE=closed, neither the sign-up form nor any provider makes an account, and each says why', async ({ page }) => {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = serverProcess({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    EXAMPLES_PORT: String(await freePort()),
    PUBLIC_ORIGIN: origin,
    DATABASE_URL: `sqlite:${DATABASE}`,
    SIGNUP_MODE: 'closed',
    RATE_LIMIT_SCALE: '50',
  });
  try {
    await answering(`${origin}/`, child);
    const before = userCount();

    await page.goto(`${origin}/signup`);
    await page.getByLabel('Email').fill('closed.door@example.org');
    await page.getByLabel('Password').fill(STRONG);
    await page.getByLabel('Birthday').fill(yearsAgo(30));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Sign-ups are closed on this Corkboard. If you already have an account, log in.')).toBeVisible();

    for (const [provider, identity] of [
      ['google', 'Nora Newcomer'],
      ['facebook', 'Bea Nobirthday'],
      ['line', 'Nora Newcomer'],
      ['sso', 'Sam Company'],
    ] as const) {
      await page.goto(`${origin}/oauth/${provider}/start/?mode=signup`);
      await expect(page.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
      await page.getByRole('button', { name: identity }).click();
      await expect(page.locator('#status'), provider).toHaveText('Sign-ups are closed on this Corkboard. If you already have an account, log in.');
    }
    expect(userCount()).toBe(before);
  } finally {
    await stopProcess(child);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true });
  }
});
