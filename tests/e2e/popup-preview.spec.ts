import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, logIn, openPopup, unique } from './popup';

/** The preview variants, as the popup shows them. */

const axe = async (popup: Page) => expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);

/** Makes a board through the picker's Create board, which saves the pin into it at once. */
async function saveToNewBoard(popup: Page, prefix: string): Promise<string> {
  const board = unique(prefix);
  await popup.getByRole('button', { name: 'Create board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(board);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByRole('heading', { name: new RegExp(`^You saved (this|your first) Pin to ${board}!$`) })).toBeVisible();
  return board;
}

const pinsOn = (board: string) =>
  readRows<{ id: string; image_url: string | null; image_id: string | null; link: string | null; color: string | null }>(
    `select pins.id, pins.image_url, pins.image_id, pins.link, pins.color from pins join boards on boards.id = pins.board_id where boards.name = ?`,
    board,
  );

async function logInByApi(context: BrowserContext) {
  await context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });
}

test.describe('website media grid', () => {
  test('a Save button without media on a page of many pictures: a grid, the first chosen, another can be picked and is what gets saved', async ({
    page,
    context,
  }) => {
    const popup = await openPopup(page, context, '/market.html');
    expect(new URL(popup.url()).searchParams.get('media')).toBe('');

    const grid = popup.getByRole('list', { name: 'Choose an image to save' });
    await expect(grid).toBeVisible();
    const tiles = grid.getByRole('button');
    // Five pictures and nine archive shots; the 64 px logo is too small to count.
    await expect(tiles).toHaveCount(14);
    const pressed = () => grid.locator('button[aria-pressed="true"]');
    await expect(pressed()).toHaveCount(1);
    await expect(tiles.first()).toHaveAttribute('aria-pressed', 'true');
    const first = await tiles.first().locator('img').getAttribute('src');

    // The grid is what the spec sizes: columns of 160 px, at least three of them, at most 540 px tall, scrolling.
    const box = await grid.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        maxHeight: style.maxHeight,
        overflowY: style.overflowY,
        columns: style.gridTemplateColumns.split(' '),
        scrolls: el.scrollHeight > el.clientHeight,
        height: el.getBoundingClientRect().height,
      };
    });
    expect(box.maxHeight).toBe('540px');
    expect(box.overflowY).toBe('auto');
    expect(box.columns.length).toBeGreaterThanOrEqual(3);
    expect(new Set(box.columns)).toEqual(new Set(['160px']));
    expect(box.scrolls).toBe(true);
    expect(box.height).toBeLessThanOrEqual(540);

    // Visitors see the grid too, before logging in.
    await axe(popup);
    await logIn(popup);
    await expect(grid).toBeVisible();
    await axe(popup);

    // The keyboard: focus a tile, move with the arrows, choose with Space.
    await tiles.first().focus();
    await popup.keyboard.press('ArrowRight');
    await expect(tiles.nth(1)).toBeFocused();
    await popup.keyboard.press('ArrowLeft');
    await expect(tiles.first()).toBeFocused();
    await popup.keyboard.press('ArrowDown');
    const columns = box.columns.length;
    await expect(tiles.nth(columns)).toBeFocused();
    await popup.keyboard.press('Space');
    await expect(tiles.nth(columns)).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles.first()).toHaveAttribute('aria-pressed', 'false');

    // And by pointer: the tomatoes, by their accessible name (the page's first large picture, the figs, leads).
    const tomatoes = grid.getByRole('button', { name: /^Heirloom tomatoes/ });
    await tomatoes.click();
    await expect(tomatoes).toHaveAttribute('aria-pressed', 'true');
    await expect(pressed()).toHaveCount(1);
    expect(first).toBe(`${EXAMPLES}/img/figs.png`);

    const board = await saveToNewBoard(popup, 'Market');
    // The success screen shows the one image saved; the grid is gone.
    await expect(grid).toHaveCount(0);
    await expect(popup.locator('.preview img')).toHaveAttribute('src', `${EXAMPLES}/img/tomatoes.png`);
    await expect(popup.locator('.success-thumb')).toHaveAttribute('src', `${EXAMPLES}/img/tomatoes.png`);
    await axe(popup);
    const [pin] = pinsOn(board);
    expect(pin).toMatchObject({ image_url: `${EXAMPLES}/img/tomatoes.png`, link: `${EXAMPLES}/market.html` });
    // The image's copies follow from the server's ingest job.
    await expect.poll(() => pinsOn(board)[0]?.image_id).toBeTruthy();
  });

  test('saving without touching the grid saves the first image found', async ({ context }) => {
    await logInByApi(context);
    const popup = await context.newPage();
    await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `${EXAMPLES}/market.html`, description: 'Market' })}`);
    const grid = popup.getByRole('list', { name: 'Choose an image to save' });
    const first = await grid.getByRole('button').first().locator('img').getAttribute('src');
    const board = await saveToNewBoard(popup, 'Market first');
    expect(pinsOn(board)[0]?.image_url).toBe(first);
  });

  test('a page with exactly one image shows that image, no grid', async ({ context }) => {
    await logInByApi(context);
    const popup = await context.newPage();
    await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `${EXAMPLES}/lake.html`, description: 'The lake' })}`);
    await expect(popup.getByRole('img', { name: 'The lake' })).toHaveAttribute('src', `${EXAMPLES}/img/mountain-lake.png`);
    await expect(popup.getByRole('list', { name: 'Choose an image to save' })).toHaveCount(0);
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  });
});

test.describe('colour tile: a link without an image', () => {
  test('a page of words only: its link and colour make a tile, saved as a pin without an image; the success screen and the pin page show the tile', async ({
    page,
    context,
  }) => {
    await page.goto(`${EXAMPLES}/notes.html`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Save these notes' }).click()]);
    await popup.waitForLoadState();
    const host = new URL(EXAMPLES).host;

    const tile = popup.getByRole('img', { name: `Link to ${host}` });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveText(host);
    await expect(tile).toHaveCSS('background-color', 'rgb(217, 164, 65)');
    await expect(popup.getByText('This page has no image to save.')).toHaveCount(0);
    await axe(popup);

    await logIn(popup);
    await expect(tile).toBeVisible();
    await axe(popup);
    const board = await saveToNewBoard(popup, 'Notes');
    await expect(popup.locator('.success').getByRole('img', { name: `Link to ${host}` })).toBeVisible();
    await axe(popup);

    const [pin] = pinsOn(board);
    expect(pin).toMatchObject({ image_url: null, image_id: null, link: `${EXAMPLES}/notes.html`, color: '#d9a441' });
    // The stored count is settled by the server's worker within a second of the save (api/src/counts/store.ts).
    await expect
      .poll(() => readRows<{ pin_count: number; image_cover_url: string | null }>(`select pin_count, image_cover_url from boards where name = ?`, board))
      .toEqual([{ pin_count: 1, image_cover_url: null }]);

    const pinPage = await context.newPage();
    await pinPage.goto(`${PRODUCT}/pin/${pin!.id}/`);
    const pinTile = pinPage.getByRole('img', { name: `Link to ${host}` });
    await expect(pinTile).toHaveText(host);
    await expect(pinTile).toHaveCSS('background-color', 'rgb(217, 164, 65)');
    // 'Visit' goes through the offsite link check.
    await expect(pinPage.getByRole('link', { name: `Visit ${host}` })).toHaveAttribute(
      'href',
      `/offsite/?url=${encodeURIComponent(`${EXAMPLES}/notes.html`)}&pin_id=${pin!.id}`,
    );
    await axe(pinPage);
  });

  test('the bookmarklet’s “Save the page link” on a page without images saves the link on a neutral tile', async ({ page, context }) => {
    const { clickBookmarklet, picker, popupFrom } = await import('./bookmarklet');
    await page.goto(`${EXAMPLES}/bookmarklet/no-images.html`);
    await clickBookmarklet(page);
    const popup = await popupFrom(context, () => picker(page).getByRole('dialog').getByRole('button', { name: 'Save the page link' }).click());
    const host = new URL(EXAMPLES).host;
    const tile = popup.getByRole('img', { name: `Link to ${host}` });
    await expect(tile).toHaveCSS('background-color', 'rgb(233, 233, 233)');
    await logIn(popup);
    const board = await saveToNewBoard(popup, 'Links');
    expect(pinsOn(board)).toEqual([expect.objectContaining({ image_url: null, link: `${EXAMPLES}/bookmarklet/no-images.html`, color: null })]);
  });

  test('a colour that is not #rrggbb is left out; a nopin page, or neither image nor link, has nothing to save', async ({ context }) => {
    await logInByApi(context);
    const popup = await context.newPage();
    await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `${EXAMPLES}/notes.html`, media: '', color: 'red;x' })}`);
    // The page has no image: the tile, on the neutral grey.
    await expect(popup.getByRole('img', { name: /^Link to / })).toHaveCSS('background-color', 'rgb(233, 233, 233)');
    const board = await saveToNewBoard(popup, 'Plain');
    expect(pinsOn(board)).toEqual([expect.objectContaining({ image_url: null, color: null })]);

    // A page that asks not to be saved from is not saved as a link either.
    await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `${EXAMPLES}/bookmarklet/nopin.html` })}`);
    await expect(popup.getByRole('alert')).toContainText("This page can't be saved from");
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toHaveCount(0);
    await expect(popup.getByRole('img', { name: /^Link to / })).toHaveCount(0);
    await axe(popup);

    await popup.goto(`${PRODUCT}/pin/create/button/?description=Nothing`);
    await expect(popup.getByText('This page has no image to save.')).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toHaveCount(0);
  });
});

test.describe('video', () => {
  test('a page with a video: the video with its cover and duration; the cover is saved as the pin image', async ({ page, context }) => {
    const popup = await openPopup(page, context, '/video.html');
    const video = popup.locator('.preview video');
    await expect(video).toHaveAccessibleName('Kneading, in 42 seconds');
    await expect(video).toHaveAttribute('src', `${EXAMPLES}/video/kneading.webm`);
    await expect(video).toHaveAttribute('poster', `${EXAMPLES}/img/kneading.png`);
    await expect(popup.locator('.preview .duration')).toHaveText('Duration 0:42');
    await expect(popup.locator('.preview .duration')).toBeVisible();
    await axe(popup);
    await logIn(popup);
    await axe(popup);
    const board = await saveToNewBoard(popup, 'Kneading');
    await expect(popup.locator('.success-thumb')).toHaveAttribute('src', `${EXAMPLES}/img/kneading.png`);
    const [pin] = pinsOn(board);
    expect(pin).toMatchObject({ image_url: `${EXAMPLES}/img/kneading.png`, link: `${EXAMPLES}/video.html` });
    // The image's copies follow from the server's ingest job.
    await expect.poll(() => pinsOn(board)[0]?.image_id).toBeTruthy();
  });

  test('media that plays as a video: shown as one, its cover found on its page and saved', async ({ context }) => {
    await logInByApi(context);
    const popup = await context.newPage();
    await popup.goto(
      `${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `${EXAMPLES}/video.html`, media: `${EXAMPLES}/video/kneading.webm`, description: 'Kneading' })}`,
    );
    const video = popup.locator('.preview video');
    await expect(video).toHaveAttribute('poster', `${EXAMPLES}/img/kneading.png`);
    await expect(video).toHaveAccessibleName('Kneading');
    await expect(popup.locator('.preview .duration')).toHaveText('Duration 0:42');
    const board = await saveToNewBoard(popup, 'Clip');
    expect(pinsOn(board)).toEqual([expect.objectContaining({ image_url: `${EXAMPLES}/img/kneading.png`, link: `${EXAMPLES}/video.html` })]);

    // Without a page to find its cover on, the video is saved as its link.
    await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams({ media: `${EXAMPLES}/video/kneading.webm`, description: 'Bare clip' })}`);
    await expect(popup.locator('.preview .duration')).toHaveText('Duration 0:42');
    const bare = await saveToNewBoard(popup, 'Bare clip');
    expect(pinsOn(bare)).toEqual([expect.objectContaining({ image_url: null, link: `${EXAMPLES}/video/kneading.webm` })]);
  });
});
