import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { logIn, openPopup, unique } from './popup';
import { freshAccount } from './safety-helpers';

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
  // The app's own tiles, once it has taken the place of the first screen the server drew (checked without script below).
  await expect(page.locator('#first-screen')).toHaveCount(0);
  const tiles = page.locator('.pin-grid img');
  await expect(tiles.first()).toBeVisible();
  for (const tile of await tiles.all()) {
    await expect(tile).toHaveAttribute('width', /^\d+$/);
    await expect(tile).toHaveAttribute('height', /^\d+$/);
    await expect(tile).toHaveAttribute('srcset', /236x\.jpg 236w/);
    await expect(tile).toHaveAttribute('sizes', /.+/);
  }
  await expect(tiles.first()).toHaveAttribute('fetchpriority', 'high');
  // The app's script was asked for only once the drawn screen's first pictures had been painted (that paint is
  // the page's LCP, and the app's scripts compiled beside it delayed it).
  const order = await page.evaluate(
    () =>
      new Promise<{ painted: number[]; script: number }>((resolve) =>
        new PerformanceObserver((list) =>
          resolve({
            painted: list.getEntries().map((entry) => (entry as PerformanceEntry & { renderTime: number }).renderTime),
            script: performance.getEntriesByType('resource').find((entry) => /\/js\/popup-[\w-]+\.js$/.test(entry.name))?.startTime ?? -1,
          }),
        ).observe({ type: 'element', buffered: true }),
      ),
  );
  expect(order.painted.length).toBeGreaterThan(0);
  expect(order.script).toBeGreaterThanOrEqual(Math.max(...order.painted));
  // The app's own buttons came with it.
  await expect(page.getByRole('button', { name: 'Organise' })).toBeVisible();

  // Without script the page is its drawn first screen: the board and its tiles, each a link to its pin.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${PRODUCT}/demo/${slug}/`);
  await expect(plain.getByRole('heading', { level: 1, name })).toBeVisible();
  const drawn = plain.locator('#first-screen .pin-grid img');
  await expect(drawn.first()).toBeVisible();
  await expect.poll(() => drawn.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(plain.locator('#first-screen .pin-grid a.tile').first()).toHaveAttribute('href', `/pin/${pinId}/`);
  await noScript.close();

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

/** A browser that accepts AVIF (Chromium does) is sent the AVIF for a tile once its job has made it; the address stays the JPEG's. */
test('Chromium gets a tile as AVIF once the image’s AVIF is made, under the same address', async ({ page }) => {
  test.setTimeout(120_000);
  const me = freshAccount('avif', 'Ava');
  const post = async (name: string, action: string, options: object) =>
    (await (await page.request.post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })).json()).resource_response;
  await post('UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
  const board = (await post('BoardResource', 'create', { name: unique('Avif') })).data as { id: string; url: string };
  const pin = (
    await post('PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/lake.html`, image_url: `${EXAMPLES}/img/mountain-lake.png`, title: 'Lake' })
  ).data as { id: string };
  await expect.poll(() => readRows<{ image_id: string | null }>(`select image_id from pins where id = ?`, pin.id)[0]?.image_id).toBeTruthy();
  const imageId = readRows<{ image_id: string }>(`select image_id from pins where id = ?`, pin.id)[0]!.image_id;
  const tileUrl = `${PRODUCT}/media/${imageId}/236x.jpg`;
  // The AVIF job runs a while after the save (so a burst's JPEGs come first): wait until it has run.
  const avifAccept = { Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
  await expect
    .poll(async () => (await page.request.get(tileUrl, { headers: avifAccept })).headers()['content-type'], { timeout: 90_000, intervals: [2_000] })
    .toBe('image/avif');

  // The page's own image request, with Chromium's own Accept header.
  const tile = page.waitForResponse((r) => r.url().includes(`/media/${imageId}/`));
  await page.goto(`${PRODUCT}${board.url}`);
  const response = await tile;
  expect(response.headers()['content-type']).toBe('image/avif');
  expect(response.headers().vary ?? '').toMatch(/Accept/i);
  await expect
    .poll(() =>
      page
        .locator('.pin-grid img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
