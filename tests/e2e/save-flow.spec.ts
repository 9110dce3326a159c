import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { pickBoard } from './popup';

const DEMO = { email: 'demo@corkboard.test', password: 'corkboard-demo' };

declare global {
  interface Window {
    __messages: Array<{ origin: string; data: unknown }>;
    __saves: unknown[];
  }
}

test('a visitor saves a pin from a publisher page, end to end', async ({ page, context }) => {
  // Fake timers in every page of the context, the popup included: the 10-second close is run, not waited for.
  await context.clock.install();
  await page.addInitScript(() => {
    window.__messages = [];
    window.__saves = [];
    window.addEventListener('message', (event) => window.__messages.push({ origin: event.origin, data: event.data }));
    document.addEventListener('corkboard:save', (event) => window.__saves.push((event as CustomEvent).detail));
  });
  await page.goto(`${EXAMPLES}/`);

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  const [popup] = await Promise.all([context.waitForEvent('page'), save.click()]);

  // The popup, on the product origin, with what the publisher's link asked for.
  await popup.waitForLoadState();
  const query = new URL(popup.url());
  expect(query.origin + query.pathname).toBe(`${PRODUCT}/pin/create/button/`);
  expect(query.searchParams.get('url')).toBe(`${EXAMPLES}/`);
  expect(query.searchParams.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png`);
  expect(query.searchParams.get('description')).toBe('Lemon tart, the easy way');
  const guid = query.searchParams.get('guid');
  expect(guid).toMatch(/^[0-9a-f]{24}$/);

  const preview = popup.getByRole('img', { name: 'Lemon tart, the easy way' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

  // Not logged in: the sign-up modal's toggle to log-in, a wrong password first, then the right one.
  await popup.getByRole('button', { name: 'Log in' }).click();
  await popup.getByLabel('Email').fill(DEMO.email);
  await popup.getByLabel('Password').fill('not the password');
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByText('The password you entered is incorrect. Try again or reset your password')).toBeVisible();
  await expect(popup.getByLabel('Password')).toHaveValue('');
  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Log in' }).click();

  // The board list; the secret board shows its lock; the digit-led board comes last.
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  const seeded = ['Gift ideas', 'Home decor', 'Recipes', 'Travel', '2027 goals'];
  const boards = popup.getByRole('list', { name: 'All boards' }).locator('.name');
  await expect(boards.first()).toBeVisible();
  const names = await boards.allTextContents();
  expect(names.filter((name) => seeded.includes(name))).toEqual(seeded);
  expect(names.at(-1)).toBe('2027 goals');
  const pinsBefore =
    readRows<{ n: number }>(`select count(*) as n from pins join boards on boards.id = pins.board_id where boards.name = 'Recipes'`)[0]?.n ?? 0;
  await expect(popup.getByRole('button', { name: /^Gift ideas/ }).getByRole('img', { name: 'Secret board' })).toBeVisible();

  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  // The page's clock still runs at its natural pace while the checks below wait on the server: read it here,
  // so the 10-second close is judged from when the success screen showed, not from when the checks end.
  const shownAt = await popup.evaluate(() => Date.now());
  const seeIt = popup.getByRole('link', { name: 'See it now' });
  const pinPath = await seeIt.getAttribute('href');
  const pinId = /^\/pin\/(\d+)\/$/.exec(pinPath ?? '')?.[1];
  expect(pinId).toBeTruthy();

  // What the database holds.
  const [row] = readRows<Record<string, unknown>>(
    `select pins.*, boards.name as board_name from pins join boards on boards.id = pins.board_id where pins.id = ?`,
    pinId,
  );
  expect(row).toMatchObject({
    board_name: 'Recipes',
    link: `${EXAMPLES}/`,
    image_url: `${EXAMPLES}/img/lemon-tart.png`,
    description: 'Lemon tart, the easy way',
    method: 'button',
    guid,
  });

  // The board's stored count, settled by the server's worker within a second of the save (api/src/counts/store.ts).
  await expect.poll(() => readRows<{ pin_count: number }>(`select pin_count from boards where name = 'Recipes'`)[0]?.pin_count).toBe(pinsBefore + 1);

  // The tracking image request logged the success (the save came with a guid), from the popup's own page.
  await expect
    .poll(() => readRows(`select event, client, path, query, viewer_id from client_events where pin_id = ? order by event`, pinId))
    .toEqual(
      // The success dialog, on display, logs its promote-or-send metric too.
      ['pin_create_success', 'promote_or_send_success'].map((event) => ({
        event,
        client: 'web',
        path: '/pin/create/button/',
        query: query.search.slice(1),
        viewer_id: row?.pinner_id,
      })),
    );

  // The host page heard about it: one wrapped message from the product origin, and the DOM event.
  const expected = { guid, status: 'success', pin: { id: pinId, url: `${PRODUCT}/pin/${pinId}/` }, board: { id: row?.board_id, name: 'Recipes' } };
  await expect.poll(() => page.evaluate(() => window.__saves)).toEqual([expected]);
  const messages = await page.evaluate(() => window.__messages);
  expect(messages).toEqual([{ origin: PRODUCT, data: { corkboard: 1, type: 'save', payload: expected } }]);

  // The success screen closes itself after 10 seconds, not before.
  const elapsed = (await popup.evaluate(() => Date.now())) - shownAt;
  await popup.clock.runFor(Math.max(0, 9_000 - elapsed));
  expect(popup.isClosed()).toBe(false);
  await Promise.all([popup.waitForEvent('close'), popup.clock.runFor(1_100)]);

  // The pin's page on the product, once the server's ingest job has made the image's copies (until then
  // the page shows the publisher's file).
  await expect.poll(() => readRows<{ image_id: string | null }>(`select image_id from pins where id = ?`, pinId)[0]?.image_id).toBeTruthy();
  const [ingested] = readRows<{ image_id: string }>(`select image_id from pins where id = ?`, pinId);
  await page.goto(`${PRODUCT}/pin/${pinId}/`);
  // Our own re-encoded rendition, not the publisher's file.
  const image = page.getByRole('img', { name: 'Lemon tart, the easy way' });
  await expect(image).toHaveAttribute('src', new RegExp(`^${PRODUCT}/media/${ingested?.image_id}/736x\\.jpg$`));
  // The file the browser chose from the srcset is 600 pixels wide, as the original (never upscaled). Its
  // naturalWidth would be density-corrected by the srcset's width descriptor, so the file is measured alone.
  const chosenWidth = () =>
    image.evaluate(
      (img: HTMLImageElement) =>
        new Promise<number>((resolve) => {
          const alone = new Image();
          alone.onload = () => resolve(alone.naturalWidth);
          alone.onerror = () => resolve(0);
          alone.src = img.currentSrc || img.src;
        }),
    );
  await expect.poll(chosenWidth).toBe(600);
  await expect(page.locator('.description')).toHaveText('Lemon tart, the easy way');
  // 'Visit' goes through the offsite link check.
  await expect(page.getByRole('link', { name: `Visit 127.0.0.1:${new URL(EXAMPLES).port}` })).toHaveAttribute(
    'href',
    `/offsite/?url=${encodeURIComponent(`${EXAMPLES}/`)}&pin_id=${pinId}`,
  );
  await expect(page.locator('.board-name')).toHaveText('Recipes');
});

test('the publisher page cannot frame the popup', async ({ page }) => {
  await page.goto(`${EXAMPLES}/`);
  const refused = page.waitForEvent('console', (message) => message.text().includes("frame-ancestors 'none'"));
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `${PRODUCT}/pin/create/button/`);
  await refused;
  // Chromium replaces a refused frame with its error page: none of the popup is there.
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
});
