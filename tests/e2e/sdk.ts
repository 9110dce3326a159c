import type { BrowserContext, Page } from '@playwright/test';
import { PRODUCT } from './origins';

/** Helpers for the SDK specs: log in without the popup's form, and record what the host page was told. */
export const DEMO = { email: 'demo@corkboard.test', password: 'corkboard-demo' };

declare global {
  interface Window {
    __sdkSaves: Array<{ detail: { status: string; [key: string]: unknown }; target: string }>;
    pinErrors: unknown[];
    PinUtils: { pinOne(r: unknown): void; pinAny(): void; build(el?: unknown): void; destroy(): void };
  }
}

/** The browser context shares cookies with its request client: the popup opens already logged in. */
export async function logIn(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });
  if (!response.ok()) throw new Error(`log-in failed: ${response.status()} ${await response.text()}`);
}

/** Every corkboard:save event, with the id of the closest element that has one (which button it came from). */
export async function recordSaves(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__sdkSaves = [];
    document.addEventListener('corkboard:save', (event) => {
      const target = event.target as Element | Document;
      const id = target instanceof Element ? (target.closest('[id]')?.id ?? '') : 'document';
      window.__sdkSaves.push({ detail: (event as CustomEvent).detail, target: id });
    });
  });
}

export const saves = (page: Page) => page.evaluate(() => window.__sdkSaves);

/** Clicks something that opens the popup; returns the popup and its query. */
export async function openPopup(context: BrowserContext, click: () => Promise<void>): Promise<{ popup: Page; query: URLSearchParams; url: URL }> {
  const [popup] = await Promise.all([context.waitForEvent('page'), click()]);
  await popup.waitForLoadState('domcontentloaded');
  const url = new URL(popup.url());
  return { popup, query: url.searchParams, url };
}
