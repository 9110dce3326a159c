import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { clickBookmarklet, picker, popupFrom, tiles } from './bookmarklet';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { logIn, pickBoard } from './popup';

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

/** A strict-CSP page on a loopback host the server may not fetch (only the demo publisher is allowed). */
async function privateStrictPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) =>
    req.url === '/recipe.html'
      ? res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'self'; script-src 'self'; img-src 'self'" })
          .end(
            '<!doctype html><html lang="en"><title>Private recipe</title><h1>Private recipe</h1><img src="/img/pie.png" alt="A pie" width="600" height="400"></html>',
          )
      : res.writeHead(404).end(),
  );
  // A port of its own choosing: no other run's port is taken.
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recipe.html`, server };
}

test('strict CSP on a host the server cannot read: the popup says no image came, and the link is saved only when the user chooses it', async ({
  page,
  context,
  browser,
}) => {
  const { url, server } = await privateStrictPage();
  try {
    await page.goto(url);
    const popup = await popupFrom(context, () => clickBookmarklet(page));
    expect(new URL(popup.url()).searchParams.has('media')).toBe(false);
    const told = popup.getByRole('alert').filter({ has: popup.getByRole('heading', { name: 'No image to save from this page' }) });
    await expect(told).toBeVisible();
    await expect(told).toContainText("This site blocks our Save button, and we couldn't read the page from our side to find its images.");
    // Nothing goes further until the user chooses: no picker, no log-in form.
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toHaveCount(0);
    expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);
    await told.getByRole('button', { name: 'Save the link without an image' }).click();
    await expect(told).toHaveCount(0);
    await logIn(popup);
    await pickBoard(popup, 'Travel');
    await expect(popup.getByRole('heading', { name: 'Saved to Travel' })).toBeVisible();
    await expect.poll(() => readRows(`select image_url, image_id from pins where link = ?`, url)).toEqual([{ image_url: null, image_id: null }]);

    // In French, and Close leaves without saving anything.
    const french = await browser.newContext({ locale: 'fr-FR' });
    try {
      const frPage = await french.newPage();
      await frPage.goto(url);
      const frPopup = await popupFrom(french, () => clickBookmarklet(frPage));
      const frTold = frPopup.getByRole('alert').filter({ has: frPopup.getByRole('heading', { name: 'Aucune image à enregistrer sur cette page' }) });
      await expect(frTold).toContainText("Ce site bloque notre bouton Enregistrer, et nous n'avons pas pu lire la page de notre côté pour trouver ses images.");
      await expect(frTold.getByRole('button', { name: 'Enregistrer le lien sans image' })).toBeVisible();
      expect((await new AxeBuilder({ page: frPopup }).analyze()).violations).toEqual([]);
      // Close shuts the window while the click is still being reported: a click that lost that race closed it all the same.
      const fermer = frTold.getByRole('button', { name: 'Fermer' });
      await Promise.all([
        frPopup.waitForEvent('close'),
        fermer.click().catch((error: Error) => {
          if (!frPopup.isClosed()) throw error;
        }),
      ]);
    } finally {
      await french.close();
    }
    expect(readRows(`select id from pins where link = ?`, url)).toHaveLength(1);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

test('strict CSP where the server reads the page and finds no image: said so as well', async ({ page, context }) => {
  await page.route(`${EXAMPLES}/bookmarklet/no-images.html`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "default-src 'self'; script-src 'self'; img-src 'self'" } });
  });
  await page.goto(`${EXAMPLES}/bookmarklet/no-images.html`);
  const popup = await popupFrom(context, () => clickBookmarklet(page));
  const told = popup.getByRole('alert').filter({ has: popup.getByRole('heading', { name: 'No image to save from this page' }) });
  await expect(told).toContainText('This site blocks our Save button, and we found no image on the page from our side.');
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
  // A real pin on a public board (a missing one's page would send the visitor home).
  const [board] = readRows<{ id: string }>(
    `select boards.id from boards join users on users.id = boards.owner_id where users.email = 'demo@corkboard.test' and boards.privacy = 'public' limit 1`,
  );
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
