import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { logIn, openPopup, unique } from './popup';

test('saving one of our own pin pages becomes a repin of that pin', async ({ page, context }) => {
  const popup = await openPopup(page, context, '/lake.html');
  await logIn(popup);
  const createBoard = async (name: string) => {
    await popup.getByRole('button', { name: 'Create board' }).click();
    await popup.getByLabel('Name', { exact: true }).fill(name);
    await popup.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(popup.getByRole('heading', { name: new RegExp(`Pin to ${name}!$`) })).toBeVisible();
  };
  await createBoard(unique('Originals'));
  const pinId = /\/pin\/(\d+)\//.exec((await popup.getByRole('link', { name: 'See it now' }).getAttribute('href')) ?? '')?.[1];

  await popup.goto(`${PRODUCT}/pin/create/bookmarklet/?url=${encodeURIComponent(`${PRODUCT}/pin/${pinId}/`)}&media=x`);
  await expect(popup).toHaveURL(`${PRODUCT}/pin/${pinId}/repin/x/`);
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  const board = unique('Repins');
  await createBoard(board);
  const [copy] = readRows<{ id: string; image_url: string; source: string }>(
    `select pins.id, pins.image_url, (select image_url from pins where id = ?) as source from pins join boards on boards.id = pins.board_id where boards.name = ?`,
    pinId,
    board,
  );
  expect(copy?.image_url).toBe(`${EXAMPLES}/img/mountain-lake.png`);
  expect(copy?.source).toBe(copy?.image_url);
  expect(copy?.id).not.toBe(pinId);
});

// The phone's full-page picker, its create pages and Cancel: tests/e2e/mobile.spec.ts.

test('the examples link back to the product wherever it runs', async ({ page }) => {
  await page.goto(`${EXAMPLES}/`);
  await expect(page.locator('script[src$="/js/pinit.js"]')).toHaveAttribute('src', `${PRODUCT}/js/pinit.js`);
});
