import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { solidPng } from '../../bench/click-to-grid';
import { readRows } from './db';
import { clickToolbar, loadExtension, loadWithHostAccess, setProductOrigin, type Loaded } from './extension';
import { EXAMPLES, EXAMPLES_PORT, PRODUCT } from './origins';
import { logIn, pickBoard } from './popup';

/**
 * Issue 31: the Save extension, unpacked in real headless Chromium. The toolbar button is pressed through
 * DevTools (Extensions.triggerAction: the browser's own click, activeTab granted); a context menu cannot
 * be opened headless, so its item is run by calling, in the service worker, the handler the menu calls.
 */
test.describe.configure({ mode: 'serial' });

/** A loopback host the server may not fetch from (only the demo publisher is in OUTBOUND_ALLOW). */
const PRIVATE_PORT = EXAMPLES_PORT + 1;
const PRIVATE = `http://127.0.0.1:${PRIVATE_PORT}`;
let privateSite: Server;
let ext: Loaded;

test.beforeAll(async () => {
  const pngs: Record<string, Buffer> = { '/img/wide.png': solidPng(500, 400), '/img/tall.png': solidPng(300, 450) };
  privateSite = createServer((req, res) => {
    const png = pngs[req.url ?? ''];
    if (png) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/intranet.html')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Team wiki</title><h1>Team wiki</h1><img src="/img/tall.png" alt="Tall chart"><img src="/img/wide.png" alt="Wide chart">');
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => privateSite.listen(PRIVATE_PORT, '127.0.0.1', done));
  ext = await loadExtension();
  await setProductOrigin(ext, PRODUCT);
});

test.afterAll(async () => {
  await ext?.close();
  await new Promise((done) => privateSite?.close(done));
});

const picker = (page: Page) => page.locator('corkboard-picker').getByRole('dialog', { name: 'Choose an image to save' });
const pinOf = async (popup: Page) => /^\/pin\/(\d+)\/$/.exec((await popup.getByRole('link', { name: 'See it now' }).getAttribute('href')) ?? '')?.[1];
const pinRow = (id: string | undefined) =>
  readRows<Record<string, unknown>>(
    `select pins.link, pins.image_url, pins.method, boards.name as board from pins join boards on boards.id = pins.board_id where pins.id = ?`,
    id,
  )[0];

/** Toolbar → picker → the tile named → the popup, on the product origin. */
async function pickFromToolbar(page: Page, tile: string): Promise<Page> {
  await clickToolbar(ext, page);
  await expect(picker(page)).toBeVisible();
  const [popup] = await Promise.all([ext.context.waitForEvent('page'), picker(page).getByRole('listitem', { name: tile }).click()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

test('a logged-out user picks an image from the toolbar, logs in inside the popup, and the pin is saved', async () => {
  const page = await ext.context.newPage();
  await page.goto(`${EXAMPLES}/`);
  const popup = await pickFromToolbar(page, 'A mountain lake, 800 × 600');
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/extension/`);
  expect(url.searchParams.get('media')).toBe(`${EXAMPLES}/img/mountain-lake.png`);
  await expect(picker(page)).toHaveCount(0);
  // No session yet: the popup's own log-in form, its own cookie, then the board list.
  await logIn(popup);
  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  expect(pinRow(await pinOf(popup))).toEqual({ link: `${EXAMPLES}/`, image_url: `${EXAMPLES}/img/mountain-lake.png`, method: 'extension', board: 'Recipes' });
  await page.close();
});

test('on a page whose CSP allows no script at all the picker still runs and saves the picked image', async () => {
  const page = await ext.context.newPage();
  const res = await page.goto(`${EXAMPLES}/extension/strict-csp.html`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'none'");
  await clickToolbar(ext, page);
  // data-pin-nopin is honoured: two tiles, not three.
  await expect(picker(page).getByRole('listitem')).toHaveCount(2);
  const [popup] = await Promise.all([ext.context.waitForEvent('page'), picker(page).getByRole('listitem', { name: 'A loaf of bread, 800 × 533' }).click()]);
  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  expect(pinRow(await pinOf(popup))).toMatchObject({
    link: `${EXAMPLES}/extension/strict-csp.html`,
    image_url: `${EXAMPLES}/img/bread.png`,
    method: 'extension',
  });
  await page.close();
});

test('on a page the server may not fetch, the popup saves the bytes the extension read in the page', async () => {
  const page = await ext.context.newPage();
  await page.goto(`${PRIVATE}/intranet.html`);
  const popup = await pickFromToolbar(page, 'Wide chart, 500 × 400');
  expect(new URL(popup.url()).searchParams.get('media')).toBe(`${PRIVATE}/img/wide.png`);
  await pickBoard(popup, 'Travel');
  await expect(popup.getByRole('heading', { name: 'Saved to Travel' })).toBeVisible();
  const id = await pinOf(popup);
  const row = pinRow(id);
  expect(row).toMatchObject({ link: `${PRIVATE}/intranet.html`, method: 'extension' });
  // Our own copy of the picked image (500 × 400, not the 300 × 450 beside it), not a URL the server could not reach.
  expect(String(row?.image_url)).toMatch(new RegExp(`^${PRODUCT}/media/\\d+/originals\\.jpg$`));
  const [image] = readRows<{ width: number; height: number }>(
    `select images.width, images.height from images join pins on pins.image_id = images.id where pins.id = ?`,
    id,
  );
  expect(image).toEqual({ width: 500, height: 400 });
  await page.close();
});

test('"Save image" from the context menu opens the popup with that image and saves it', async () => {
  const page = await ext.context.newPage();
  await page.goto(`${EXAMPLES}/lake.html`);
  const srcUrl = await page
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  // The handler the menu item calls, with what Chromium passes it on a right-click of that image.
  const [popup] = await Promise.all([
    ext.context.waitForEvent('page'),
    ext.worker.evaluate(
      ([srcUrl, pageUrl, title]) =>
        (globalThis as unknown as { corkboard: { onMenu(info: object, tab: object): Promise<void> } }).corkboard.onMenu(
          { menuItemId: 'save-image', srcUrl, pageUrl },
          { title },
        ),
      [srcUrl, page.url(), await page.title()],
    ),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/pin/create/extension/');
  expect(url.searchParams.get('media')).toBe(srcUrl);
  await pickBoard(popup, 'Gift ideas');
  await expect(popup.getByRole('heading', { name: 'Saved to Gift ideas' })).toBeVisible();
  expect(pinRow(await pinOf(popup))).toMatchObject({ link: `${EXAMPLES}/lake.html`, image_url: srcUrl, method: 'extension' });
  await page.close();
});

test('a browser page gets a clear message, not silence', async () => {
  const page = await ext.context.newPage();
  await page.goto('chrome://version/');
  const [message] = await Promise.all([ext.context.waitForEvent('page'), clickToolbar(ext, page)]);
  await expect(message.getByRole('heading', { name: 'This page can’t be saved from' })).toBeVisible();
  await expect(message.getByText('Browser pages (settings, new tabs, extensions) don’t let extensions read them.')).toBeVisible();
  await message.close();
  await page.close();
});

test('in a French browser the extension speaks French: its menus, its message pages and the picker', async () => {
  const french = await loadExtension(undefined, undefined, 'fr');
  try {
    expect(await french.worker.evaluate(() => chrome.i18n.getMessage('menuSaveImage'))).toBe('Enregistrer l’image');
    const page = await french.context.newPage();
    await page.goto(`${EXAMPLES}/`);
    await clickToolbar(french, page);
    const dialog = page.locator('corkboard-picker').getByRole('dialog', { name: 'Choisissez une image à enregistrer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeVisible();
    await page.goto('chrome://version/');
    const [message] = await Promise.all([french.context.waitForEvent('page'), clickToolbar(french, page)]);
    await expect(message.getByRole('heading', { name: 'Impossible d’enregistrer depuis cette page' })).toBeVisible();
    await expect(message.locator('html')).toHaveAttribute('lang', /^fr/);
    await expect(message.getByRole('button', { name: 'Fermer' })).toBeVisible();
    const options = await french.context.newPage();
    await options.goto(`chrome-extension://${french.id}/options.html`);
    await expect(options.getByRole('heading', { name: 'Options de l’extension Enregistrer', level: 1 })).toBeVisible();
    await expect(options.getByLabel('Adresse du produit')).toBeVisible();
  } finally {
    await french.close();
  }
});

const hoverButton = (page: Page) => page.locator('span[data-corkboard][data-float]').getByRole('button', { name: 'Save' });
const registered = (loaded: Loaded) => loaded.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));

test('hover buttons stay away while the browser has not granted host access, even when asked for', async () => {
  await ext.worker.evaluate(() => chrome.storage.local.set({ hover: true }));
  // The background has answered the change (no access: nothing registered).
  await expect.poll(() => ext.worker.evaluate(() => chrome.permissions.contains({ origins: ['http://*/*', 'https://*/*'] }))).toBe(false);
  await expect.poll(() => registered(ext)).toEqual([]);
  const page = await ext.context.newPage();
  await page.goto(`${EXAMPLES}/extension/strict-csp.html`);
  await page.getByRole('img', { name: 'Figs on a plate' }).hover();
  await expect(page.locator('span[data-corkboard]')).toHaveCount(0);
  await page.close();
});

test('with host access granted and hover turned on, images get a Save button (not nopin ones) until "never here"', async () => {
  const granted = await loadWithHostAccess();
  try {
    await setProductOrigin(granted, PRODUCT);
    // Off by default: nothing registered until the user turns it on.
    expect(await registered(granted)).toEqual([]);
    const options = await granted.context.newPage();
    await options.goto(`chrome-extension://${granted.id}/options.html`);
    await options.getByLabel('Show a Save button when I point at an image, on every site').check();
    await expect(options.getByText('Save buttons are on.')).toBeVisible();
    await expect.poll(() => registered(granted)).toEqual(['hover']);

    const page = await granted.context.newPage();
    await page.goto(`${EXAMPLES}/extension/strict-csp.html`);
    await page.getByRole('img', { name: 'Figs on a plate' }).hover();
    await expect(hoverButton(page)).toBeVisible();
    const [popup] = await Promise.all([granted.context.waitForEvent('page'), hoverButton(page).click()]);
    const url = new URL(popup.url());
    expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/extension/`);
    expect(url.searchParams.get('media')).toBe(`${EXAMPLES}/img/figs.png`);
    await popup.close();

    // data-pin-nopin: no button on that image (the one shown before goes once the pointer leaves).
    await page.getByRole('img', { name: 'Tomatoes, not to be saved' }).hover();
    await expect(hoverButton(page)).toBeHidden();

    // "Never show Save buttons on this site", as the context menu calls it: gone at once, and after a reload.
    await granted.worker.evaluate(
      (pageUrl) => (globalThis as unknown as { corkboard: { onMenu(info: object): Promise<void> } }).corkboard.onMenu({ menuItemId: 'never-here', pageUrl }),
      page.url(),
    );
    await expect(options.getByRole('button', { name: 'Remove 127.0.0.1' })).toBeVisible();
    await page.reload();
    await page.getByRole('img', { name: 'Figs on a plate' }).hover();
    await page.getByRole('img', { name: 'A loaf of bread' }).hover();
    await expect(hoverButton(page)).toHaveCount(0);

    // Turned off: the script is unregistered.
    await options.getByLabel('Show a Save button when I point at an image, on every site').uncheck();
    await expect.poll(() => registered(granted)).toEqual([]);
  } finally {
    await granted.close();
  }
});
