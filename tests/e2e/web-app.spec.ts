import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount, logInWith } from './safety-helpers';

/**
 * The installable web app in real Chromium: the browser's own installability check on the manifest and
 * service worker, and a share into the app's share target opening the save popup's board picker with the
 * image the server's finder chose on the shared page (the demo publisher's, on its own origin).
 */

test("passes Chromium's installability check", async () => {
  // A profile on disk: Chromium never offers to install from an off-the-record one (a default test context).
  const profile = mkdtempSync(join(tmpdir(), 'corkboard-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${PRODUCT}/`);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // The service worker is registered by the app and controls the page once it has installed.
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${PRODUCT}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("a link shared into the app opens the board picker with the finder's image from the shared page", async ({ page }) => {
  const shared = `${EXAMPLES}/lake.html`;
  const found = (await (
    await page.request.get(`${PRODUCT}/resource/FindPinImagesResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { url: shared } }))}`)
  ).json()) as {
    resource_response: { data: { items: Array<{ type: string; url: string }> } };
  };
  const choice = found.resource_response.data.items.find((item) => item.type === 'pinnable')!.url;
  expect(choice).toBe(`${EXAMPLES}/img/mountain-lake.png`);

  const user = freshAccount('share');
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await shareLink(page, shared, 'A weekend by the lake');
  await expect(page).toHaveURL(/\/pin\/create\/button\//);
  const opened = new URL(page.url());
  expect([opened.searchParams.get('url'), opened.searchParams.get('media'), opened.searchParams.get('description')]).toEqual([
    shared,
    choice,
    'A weekend by the lake',
  ]);
  await expect(page.locator('.preview img').first()).toHaveAttribute('src', choice);
  await expect(page.getByRole('button', { name: 'Create your first board' })).toBeVisible();
});

/** What the share sheet sends: a multipart form posted to the manifest's share_target.action. */
async function shareLink(page: Page, url: string, title: string) {
  await page.evaluate(
    ({ url, title }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target/';
      form.enctype = 'multipart/form-data';
      for (const [name, value] of Object.entries({ title, text: `Look: ${url}`, url: '' })) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { url, title },
  );
}

test('a link shared while logged out opens the popup, which logs in and goes on to the board picker with it', async ({ page }) => {
  const shared = `${EXAMPLES}/lake.html`;
  const user = freshAccount('sharelater');
  await page.goto(`${PRODUCT}/`);
  await shareLink(page, shared, 'A weekend by the lake');
  await expect(page).toHaveURL(/\/pin\/create\/button\//);
  await expect(page.locator('.auth-pin')).toHaveAttribute('src', `${EXAMPLES}/img/mountain-lake.png`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('button', { name: 'Create your first board' })).toBeVisible();
  await expect(page.locator('.preview img').first()).toHaveAttribute('src', `${EXAMPLES}/img/mountain-lake.png`);
  expect(new URL(page.url()).searchParams.get('url')).toBe(shared);
});

test('an image shared into the app opens the pin builder with it, staged as its uploads are', async ({ page }) => {
  const user = freshAccount('shareimage');
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await shareImage(page);
  await expect(page).toHaveURL(/\/pin-builder\/\?upload=\d+$/);
  await expect(page.locator('.builder-preview')).toHaveAttribute('src', /\/media\//);
});

test('an image shared while logged out waits for the log-in, then opens the pin builder with it', async ({ page }) => {
  const user = freshAccount('shareimagelater');
  await page.goto(`${PRODUCT}/`);
  await shareImage(page);
  await expect(page).toHaveURL(/\/login\?next=%2Fshare-target%2F$/);
  await logInWith(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pin-builder\/\?upload=\d+$/);
  await expect(page.locator('.builder-preview')).toHaveAttribute('src', /\/media\//);
});

/** What the share sheet sends for a photo: the image as a file in the form posted to the share target. */
async function shareImage(page: Page) {
  await page.evaluate(async () => {
    // The app's own icon stands in for a photo from the phone's gallery.
    const bytes = await (await fetch('/img/icon-512.png')).blob();
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target/';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'image';
    const files = new DataTransfer();
    files.items.add(new File([bytes], 'shared.png', { type: 'image/png' }));
    input.files = files.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  });
}

test('the save popup starts its service worker only once its board picker has been drawn, and the worker still installs', async ({ page }) => {
  const user = freshAccount('swlater');
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  const board = await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, {
    data: { options: { name: 'Lake days' } },
    headers: { Origin: PRODUCT },
  });
  expect(board.status()).toBe(200);
  // What the page held when it asked for its worker: a worker started sooner took the cores from the first drawing.
  await page.addInitScript(() => {
    const worker = navigator.serviceWorker;
    const register = worker.register.bind(worker);
    worker.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      (window as unknown as { __pickerAtRegister: boolean }).__pickerAtRegister = !!document.querySelector('[aria-label="All boards"] .board-row');
      return register(...args);
    };
  });
  await page.goto(
    `${PRODUCT}/pin/create/button/?url=${encodeURIComponent(`${EXAMPLES}/lake.html`)}&media=${encodeURIComponent(`${EXAMPLES}/img/mountain-lake.png`)}`,
  );
  await expect(page.getByRole('button', { name: /Lake days/ })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true));
  expect(await page.evaluate(() => (window as unknown as { __pickerAtRegister?: boolean }).__pickerAtRegister)).toBe(true);
});
