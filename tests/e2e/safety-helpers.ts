import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { searchSlice } from '../../popup/src/auth/sha256';
import { E2E_DATABASE, PRODUCT } from './origins';
import { STRONG } from './auth-helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** npm run admin against the e2e server's database: fresh accounts and states, never the shared demo account. */
export function admin(...args: string[]): string {
  return execFileSync(`${root}node_modules/.bin/tsx`, ['api/src/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: `sqlite:${E2E_DATABASE}` },
    encoding: 'utf8',
  });
}

let n = 0;
/** A new account with a strong password; answers its email and username. */
export function freshAccount(prefix: string, firstName = 'Nell') {
  const email = `${prefix}${Date.now().toString(36)}${++n}@example.com`;
  const username = /username (\w+)/.exec(admin('create', email, STRONG, firstName))?.[1] ?? '';
  return { email, username, password: STRONG, firstName };
}

/** The newest dev-outbox message to an address, read from /dev/outbox as a person would. */
export async function outboxText(page: Page, to: string): Promise<string> {
  await page.goto(`${PRODUCT}/dev/outbox`);
  const message = page.locator(`article[data-to="${to}"]`).first();
  await expect(message).toBeVisible();
  return (await message.locator('pre').textContent()) ?? '';
}

/** Failed log-ins through the API (solving the challenge where one is due), to reach the lock. */
export async function failLogins(request: APIRequestContext, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const extra: Record<string, string> = {};
    if (i >= 5) {
      const c = (await (await request.get(`${PRODUCT}/v3/challenge/`)).json()).resource_response.data;
      // Solved as the popup solves it (a script pays what a browser pays: about a second).
      const number = searchSlice(c.challenge, c.salt, 0, c.maxnumber + 1);
      extra.recaptchaV2Token = Buffer.from(JSON.stringify({ ...c, number })).toString('base64');
    }
    await request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
      headers: { origin: PRODUCT, 'content-type': 'application/json' },
      data: { options: { username_or_email: email, password: 'not the password', ...extra } },
    });
  }
}

/** Fills the log-in form of the page and submits it. */
export async function logInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
