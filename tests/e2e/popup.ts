import { expect, type BrowserContext, type Page } from '@playwright/test';
import { EXAMPLES } from './origins';

export const DEMO = { email: 'demo@corkboard.test', password: 'corkboard-demo' };

/** Opens the popup from the demo publisher's Save button, on the publisher's own origin. */
export async function openPopup(page: Page, context: BrowserContext, path = '/'): Promise<Page> {
  await page.goto(`${EXAMPLES}${path}`);
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Save' }).first().click()]);
  await popup.waitForLoadState();
  return popup;
}

/** Logs the demo user in through the popup's own form and waits for the board list. */
export async function logIn(popup: Page, login = DEMO): Promise<void> {
  // The auth modal opens on sign-up; its footer toggle goes to log-in.
  await popup.getByRole('button', { name: 'Log in' }).click();
  await popup.getByLabel('Email').fill(login.email);
  await popup.getByLabel('Password').fill(login.password);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
}

export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** Picks a board from the full list (a board may also show under Top choices). */
export async function pickBoard(popup: Page, name: string): Promise<void> {
  await popup.getByRole('list', { name: 'All boards' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
}
