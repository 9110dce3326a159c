import { expect, test } from '@playwright/test';
import { clickBookmarklet, picker, popupFrom, tiles } from './bookmarklet';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';

test('a nopin page shows its own reason and no grid', async ({ page }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/nopin.html`);
  await clickBookmarklet(page);
  const dialog = picker(page).getByRole('dialog', { name: "This page can't be saved from" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sorry, our photos are for members only.')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker(page)).toHaveCount(0);
});

test('a page without pinnable images says so and offers to save the link', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/no-images.html`);
  await clickBookmarklet(page);
  const dialog = picker(page).getByRole('dialog');
  await expect(dialog.getByText("Sorry, we couldn't find any images to save on this page.")).toBeVisible();
  const popup = await popupFrom(context, () => dialog.getByRole('button', { name: 'Save the page link' }).click());
  const query = new URL(popup.url()).searchParams;
  expect(query.get('url')).toBe(`${EXAMPLES}/bookmarklet/no-images.html`);
  expect(query.get('media')).toBe('');
  expect(query.get('description')).toBe('Just words · The Sunday Kitchen');
  // The server finds nothing either (the icon is too small): the popup goes on without an image, the link on a colour tile.
  await expect(popup.getByRole('img', { name: `Link to ${new URL(EXAMPLES).host}` })).toBeVisible();
});

test('when the page CSP blocks the script, the popup opens with the page and the server finds its image', async ({ page, context }) => {
  const res = await page.goto(`${EXAMPLES}/bookmarklet/strict-csp.html`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('heading', { name: 'Strict CSP' }).selectText();
  const popup = await popupFrom(context, () => clickBookmarklet(page));
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/bookmarklet/`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ url: `${EXAMPLES}/bookmarklet/strict-csp.html`, description: 'Strict CSP', origin: EXAMPLES });
  // No picker could run on the page.
  await expect(picker(page)).toHaveCount(0);
  // The popup asked FindPinImagesResource: the publisher's og:image comes first, chosen, in the grid of both images.
  const first = popup.getByRole('list', { name: 'Choose an image to save' }).getByRole('button').first();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(first.locator('img')).toHaveAttribute('src', `${EXAMPLES}/img/lemon-tart.png?from=og`);
});

test('the CSP fallback uses the title when nothing is selected', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/strict-csp.html`);
  const popup = await popupFrom(context, () => clickBookmarklet(page));
  expect(new URL(popup.url()).searchParams.get('description')).toBe('Strict CSP · The Sunday Kitchen');
});

test('a page with 3,000 images opens the grid with the best of them', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/bookmarklet/many.html`);
  await expect(page.locator('body')).toHaveAttribute('data-loaded', '3000', { timeout: 30_000 });
  await clickBookmarklet(page);
  const shown = await tiles(page);
  expect(shown).toHaveLength(100);
  expect(new Set(shown.map((tile) => tile.src)).size).toBe(100);
  expect(shown.every((tile) => tile.name.endsWith(', 600 × 900'))).toBe(true);
  // The first screenful shows its images at once; the last tile gets its image when scrolled to.
  const first = picker(page).getByRole('listitem').first().locator('img');
  await expect(first).toHaveAttribute('src', shown[0]!.src);
  const last = picker(page).getByRole('listitem').last();
  await expect(last.locator('img')).not.toHaveAttribute('src', /./);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('img')).toHaveAttribute('src', shown[99]!.src);
  await expect.poll(() => last.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  const popup = await popupFrom(context, () => picker(page).getByRole('listitem').first().click());
  expect(new URL(popup.url()).searchParams.get('media')).toBe(shown[0]?.src);
});

test('on our own pin page the bookmarklet goes to the repin page', async ({ page }) => {
  // A real pin on a public board (a missing one's page would send the visitor home, saving.md section 8).
  const [board] = readRows<{ id: string }>(`select boards.id from boards join users on users.id = boards.owner_id where users.email = 'demo@corkboard.test' and boards.privacy = 'public' limit 1`);
  const pinId = `7${Date.now()}`;
  writeRows(
    `insert into pins (id, board_id, pinner_id, image_url, link, method, created_at) select ?, id, owner_id, ?, ?, 'create', ? from boards where id = ?`,
    pinId,
    `${EXAMPLES}/img/mountain-lake.png`,
    `${EXAMPLES}/lake.html`,
    Date.now(),
    board!.id,
  );
  await page.goto(`${PRODUCT}/pin/${pinId}/`);
  await clickBookmarklet(page);
  await expect(page).toHaveURL(`${PRODUCT}/pin/${pinId}/repin/x/`);
});

test('a second click while the picker is open does not open a second one', async ({ page }) => {
  await page.goto(`${EXAMPLES}/`);
  await clickBookmarklet(page);
  await expect(picker(page).getByRole('dialog')).toBeVisible();
  await clickBookmarklet(page);
  await expect(picker(page).getByRole('listitem')).toHaveCount(2);
  await expect(picker(page)).toHaveCount(1);
});
