import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';

export const DEMO = { email: 'demo@corkboard.test', password: 'corkboard-demo' };
/** A password zxcvbn rates strong, for new accounts. */
export const STRONG = 'Plum-Orchard-42';

/** The demo publisher's Save button opens the pin-create popup; returns it once loaded. */
export async function openSavePopup(page: Page, context: BrowserContext): Promise<Page> {
  await page.goto(`${EXAMPLES}/`);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  const [popup] = await Promise.all([context.waitForEvent('page'), save.click()]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).origin).toBe(PRODUCT);
  return popup;
}

/** Turns an experiment on for this browser only (honoured outside production; see docs/decisions.md). */
export async function withFlag(context: BrowserContext, flag: string) {
  await context.addCookies([{ name: 'cb_flags', value: flag, url: PRODUCT }]);
}

/** axe-core finds nothing on the screen as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A birthday this many years back, as a date input wants it. */
export function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** Opens the email form in the popup and fills it; the caller submits. */
export async function fillSignup(popup: Page, email: string, birthday: string) {
  await popup.getByRole('button', { name: 'Continue with email' }).click();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(STRONG);
  await popup.getByLabel('Birthday').fill(birthday);
}
