import { expect, type BrowserContext, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';

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
  await popup
    .getByRole('list', { name: 'All boards' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/** Logs this page's browser in through the API (the pin builder's tests start signed in). */
export async function logInByApi(page: Page, login: { email: string; password: string } = DEMO): Promise<void> {
  const res = await page.context().request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
  expect(res.status()).toBe(200);
}

/** In the pin builder: makes a board from its picker (`create` names the picker's button) and publishes the Pin to it. */
export async function publishToNewBoard(page: Page, board: string, create = 'Create your first board'): Promise<void> {
  await page.getByRole('button', { name: create }).click();
  await page.getByLabel('Name', { exact: true }).fill(board);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Board: ${board}`)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved to ${board}`);
}
