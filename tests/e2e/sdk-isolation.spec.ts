import { expect, test } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { openPopup, recordSaves, saves } from './sdk';

/** Hostile CSS, a strict CSP, COOP, closed and blocked popups: what the host page sees in each case. */

test('a page that restyles button, a, img and span (even !important) changes nothing in our buttons', async ({ page }) => {
  await page.goto(`${EXAMPLES}/hostile.html`);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  const style = await save.evaluate((el) => {
    const s = getComputedStyle(el);
    const host = getComputedStyle((el.getRootNode() as ShadowRoot).host);
    return {
      background: s.backgroundColor,
      size: s.fontSize,
      spacing: s.letterSpacing,
      border: s.borderTopStyle,
      hostDisplay: host.display,
      hostOpacity: host.opacity,
      hostTransform: host.transform,
    };
  });
  expect(style).toEqual({
    background: 'rgb(230, 0, 35)',
    size: '11px',
    spacing: 'normal',
    border: 'none',
    hostDisplay: 'inline-block',
    hostOpacity: '1',
    hostTransform: 'none',
  });
  // The hostile rules do apply to the page's own button, and nothing of ours reached it or the document.
  const own = await page.locator('#own').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(own).toBe('rgb(0, 255, 0)');
  expect(await page.evaluate(() => ({ adopted: document.adoptedStyleSheets.length, sheets: document.styleSheets.length }))).toEqual({ adopted: 0, sheets: 1 });

  // Focus stays visible despite `:focus { outline: none !important }`.
  await save.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  expect(await save.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

test('a strict CSP that allows only our script origin: styled buttons, hover, no violation', async ({ page, context }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Refused|Content Security Policy|TrustedHTML/i.test(message.text())) refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));
  await page.goto(`${EXAMPLES}/csp.html`);
  const save = page.locator('main p').getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  expect(await save.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(230, 0, 35)');
  await page.locator('main img').hover();
  await expect(page.locator('html > [data-corkboard]').getByRole('button', { name: 'Save' })).toBeVisible();
  const { url } = await openPopup(context, () => save.click());
  expect(url.origin).toBe(PRODUCT);
  expect(refused).toEqual([]);
});

test('never throws into the host page: bad API calls and broken markup are swallowed', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${EXAMPLES}/buttons.html`);
  await expect(page.locator('#pin').getByRole('button')).toBeVisible();
  const thrown = await page.evaluate(() => {
    const out: string[] = [];
    const api = window.PinUtils as unknown as Record<string, (arg?: unknown) => void>;
    for (const [name, arg] of [
      ['pinOne', null],
      ['build', 42],
      [
        'build',
        {
          querySelectorAll: () => {
            throw new Error('boom');
          },
        },
      ],
    ] as const) {
      try {
        api[name]!(arg);
      } catch (error) {
        out.push(`${name}: ${String(error)}`);
      }
    }
    const a = document.createElement('a');
    a.setAttribute('data-pin-do', 'buttonPin');
    a.setAttribute('href', 'http://[::1');
    document.body.append(a);
    a.scrollIntoView(); // links become buttons as they come near the view
    return out;
  });
  expect(thrown).toEqual([]);
  await expect(page.locator('body > [data-corkboard]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a popup the user closes is "unknown", not an error', async ({ page, context }) => {
  await recordSaves(page);
  await page.goto(`${EXAMPLES}/buttons.html`);
  const { popup } = await openPopup(context, () => page.locator('#pin').getByRole('button').click());
  await popup.close();
  await expect.poll(() => saves(page)).toEqual([{ target: 'pin', detail: { guid: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'unknown' } }]);
  expect(await page.evaluate(() => window.pinErrors)).toEqual([]);
});

test('a host page with COOP same-origin is cut off from the popup: "unknown", while the popup works on', async ({ page, context }) => {
  await recordSaves(page);
  await page.goto(`${EXAMPLES}/coop.html`);
  const { popup, url } = await openPopup(context, () => page.getByRole('button', { name: 'Save' }).click());
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/button/`);
  await expect.poll(() => saves(page)).toEqual([{ target: '', detail: { guid: url.searchParams.get('guid'), status: 'unknown' } }]);
  expect(popup.isClosed()).toBe(false);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test('a blocked popup falls back to a new tab with the same URL', async ({ page, context }) => {
  await recordSaves(page);
  // A popup blocker: window.open with popup features answers null; a plain new tab is allowed.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => (features?.includes('popup') ? null : open(url, target, features));
  });
  await page.goto(`${EXAMPLES}/buttons.html`);
  const { popup: tab, url } = await openPopup(context, () => page.locator('#pin').getByRole('button').click());
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/button/`);
  expect(url.searchParams.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png`);
  await tab.close();
  await expect.poll(() => saves(page)).toEqual([{ target: 'pin', detail: { guid: url.searchParams.get('guid'), status: 'unknown' } }]);
});
