import { expect, test } from '@playwright/test';
import { clickBookmarklet, picker, popupFrom, tiles as tilesOf } from './bookmarklet';
import { EXAMPLES, PRODUCT } from './origins';

test('the install page offers the loader and lets you try it on its own sample', async ({ page, context }) => {
  const res = await page.goto(`${PRODUCT}/bookmarklet`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Save to Corkboard from any page' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Save to Corkboard' });
  const href = decodeURIComponent((await link.getAttribute('href')) ?? '');
  expect(href).toMatch(/^javascript:\(function\(w,d,o\)/);
  expect(href).toContain(`"${PRODUCT}"`);
  expect(href).toContain("'/js/bookmarklet.js?r='+Date.now()");

  await page.getByRole('button', { name: 'Try it' }).click();
  const grid = picker(page).getByRole('dialog', { name: 'Choose an image to save' });
  await expect(grid).toBeVisible();
  const tile = grid.getByRole('listitem');
  await expect(tile).toHaveCount(1);
  await expect(tile).toHaveAccessibleName('A lemon tart on a linen cloth, 600 × 900');
  const popup = await popupFrom(context, () => tile.click());
  const query = new URL(popup.url()).searchParams;
  expect(query.get('media')).toBe(`${PRODUCT}/img/bookmarklet-sample.png`);
  expect(query.get('url')).toBe(`${PRODUCT}/bookmarklet`);
  await expect(picker(page)).toHaveCount(0);
});

test('the picker shows the pinnable images, larger first, and opens the popup with the chosen one', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/`);
  await clickBookmarklet(page);
  const dialog = picker(page).getByRole('dialog', { name: 'Choose an image to save' });
  await expect(dialog).toBeVisible();
  const tiles = dialog.getByRole('listitem');
  // The 64 px icon is left out; 600 × 900 outranks 800 × 600.
  await expect(tiles).toHaveCount(2);
  await expect(tiles.locator('span')).toHaveText(['600 × 900', '800 × 600']);

  // Keyboard: focus starts on the first tile, arrows move, Enter chooses.
  await expect(tiles.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tiles.nth(1)).toBeFocused();
  const popup = await popupFrom(context, () => page.keyboard.press('Enter'));
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/bookmarklet/`);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    url: `${EXAMPLES}/`,
    media: `${EXAMPLES}/img/mountain-lake.png`,
    // No data-pin-description and no selection: the image's alt text.
    description: 'A mountain lake',
    guid: expect.stringMatching(/^[0-9a-f]{24}$/),
    origin: EXAMPLES,
  });
  await expect(popup.getByRole('img', { name: 'A mountain lake' })).toHaveAttribute('src', `${EXAMPLES}/img/mountain-lake.png`);
  await expect(picker(page)).toHaveCount(0);
});

test('Escape and the close button close the picker; focus stays inside while it is open', async ({ page }) => {
  await page.goto(`${EXAMPLES}/`);
  await clickBookmarklet(page);
  const dialog = picker(page).getByRole('dialog');
  const close = dialog.getByRole('button', { name: 'Close' });
  const tiles = dialog.getByRole('listitem');
  await expect(tiles.first()).toBeFocused();
  // Tab order: close, tile, tile, then back to close; Shift+Tab wraps the other way.
  await page.keyboard.press('Tab');
  await expect(tiles.nth(1)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tiles.nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker(page)).toHaveCount(0);

  await clickBookmarklet(page);
  await picker(page).getByRole('button', { name: 'Close' }).click();
  await expect(picker(page)).toHaveCount(0);
});

test('lazy images that have not loaded are found and measured', async ({ page }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/lazy.html`);
  await clickBookmarklet(page);
  expect(await tilesOf(page)).toEqual([
    { name: 'A natively lazy lemon tart, 600 × 900', src: `${EXAMPLES}/img/lemon-tart.png?lazy=native` },
    { name: 'A script-lazy lake, 800 × 600', src: `${EXAMPLES}/img/mountain-lake.png?lazy=script` },
  ]);
});

test('an image only inside <picture> is found', async ({ page }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/picture.html`);
  await clickBookmarklet(page);
  expect(await tilesOf(page)).toEqual([{ name: 'A lake, from a picture source, 800 × 600', src: `${EXAMPLES}/img/mountain-lake.png?from=source` }]);
});

test('CSS backgrounds of large elements are found, and the page CSS does not reach the picker', async ({ page }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/backgrounds.html`);
  await clickBookmarklet(page);
  // The 60 px badge is too small to count.
  expect(await tilesOf(page)).toEqual([{ name: 'Image, 800 × 600', src: `${EXAMPLES}/img/mountain-lake.png?as=background` }]);
  const close = picker(page).getByRole('button', { name: 'Close' });
  const style = await close.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, border: s.borderTopWidth, size: s.fontSize };
  });
  expect(style).toEqual({ background: 'rgba(0, 0, 0, 0)', border: '0px', size: '28px' });
});

test('publisher marks come first, nopin images and duplicates are left out, data-pin-* go to the popup', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/marked.html`);
  await clickBookmarklet(page);
  expect(await tilesOf(page)).toEqual([
    { name: 'Image, 600 × 900', src: `${EXAMPLES}/img/lemon-tart.png?from=og` },
    { name: 'The tart, pinned by its baker, 600 × 900', src: `${EXAMPLES}/img/lemon-tart.png?full` },
    { name: 'A big lake, 800 × 600', src: `${EXAMPLES}/img/mountain-lake.png?big` },
    { name: 'Image, 800 × 600', src: `${EXAMPLES}/img/mountain-lake.png?poster` },
  ]);
  const popup = await popupFrom(context, () => picker(page).getByRole('listitem').nth(1).click());
  const query = new URL(popup.url()).searchParams;
  expect(query.get('url')).toBe(`${EXAMPLES}/recipes/tart`);
  expect(query.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png?full`);
  expect(query.get('description')).toBe('The tart, pinned by its baker');
});
