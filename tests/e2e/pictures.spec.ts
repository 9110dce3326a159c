import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { PRODUCT } from './origins';
import { logIn, openPopup, unique } from './popup';

/** Every tile has its box (width, height) and a srcset; a 2x phone takes a rendition at least as wide as it shows. */
test('board tiles carry their dimensions and srcset, and a 2x phone gets a wide enough rendition', async ({ page, context, browser }) => {
  const popup = await openPopup(page, context);
  await logIn(popup);
  const name = unique('Pictures');
  await popup.getByRole('button', { name: 'Create board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(name);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  const seeIt = popup.getByRole('link', { name: 'See it now' });
  await expect(seeIt).toBeVisible();
  const pinId = /^\/pin\/(\d+)\/$/.exec((await seeIt.getAttribute('href')) ?? '')?.[1];
  await expect.poll(() => readRows<{ image_id: string | null }>(`select image_id from pins where id = ?`, pinId)[0]?.image_id).toBeTruthy();
  const slug = readRows<{ slug: string }>(`select slug from boards where name = ?`, name)[0]?.slug;

  await page.goto(`${PRODUCT}/demo/${slug}/`);
  const tiles = page.locator('.pin-grid img');
  await expect(tiles.first()).toBeVisible();
  for (const tile of await tiles.all()) {
    await expect(tile).toHaveAttribute('width', /^\d+$/);
    await expect(tile).toHaveAttribute('height', /^\d+$/);
    await expect(tile).toHaveAttribute('srcset', /236x\.jpg 236w/);
    await expect(tile).toHaveAttribute('sizes', /.+/);
  }
  await expect(tiles.first()).toHaveAttribute('fetchpriority', 'high');

  // A phone at 2x: the tile is about the page's width, so the browser takes the widest rendition.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, storageState: await context.storageState() });
  const tab = await phone.newPage();
  await tab.goto(`${PRODUCT}/demo/${slug}/`);
  const tile = tab.locator('.pin-grid img').first();
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/736x\.jpg$/);
  // The widest rendition is taken. (Its width descriptor, 736w, overstates an original narrower than that:
  // the renditions are never upscaled, so such an image is as wide as the original, and srcset should say so.)
  await phone.close();
});
