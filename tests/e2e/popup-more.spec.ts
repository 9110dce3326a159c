import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, logIn, openPopup, pickBoard, unique } from './popup';

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

test.describe('on a phone', () => {

  // A phone opens the popup as a full-size tab; the window.open size applies only on desktops.
  const phone = { width: 390, height: 844 };

  test('a visitor is sent to the home page', async ({ page, context }) => {
    const popup = await openPopup(page, context);
    await popup.setViewportSize(phone);
    await expect(popup).toHaveURL(`${PRODUCT}/`);
  });

  test('Cancel in a tab that is not a popup goes back a step instead of trying to close', async ({ page, context }) => {
    await context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
      data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
      headers: { Origin: PRODUCT },
    });
    await page.setViewportSize(phone);
    await page.goto(`${PRODUCT}/`);
    await page.goto(`${PRODUCT}/pin/create/button/?url=${encodeURIComponent(`${EXAMPLES}/lake.html`)}&media=${encodeURIComponent(`${EXAMPLES}/img/mountain-lake.png`)}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`${PRODUCT}/`);
  });

  test('the full-page picker, with Create board on its own page and back', async ({ page, context }) => {
    await context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
      data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
      headers: { Origin: PRODUCT },
    });
    const popup = await openPopup(page, context, '/lake.html');
    await popup.setViewportSize(phone);
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);

    await pickBoard(popup, 'Home decor');
    await expect(popup.getByRole('heading', { name: 'Choose section' })).toBeVisible();
    await expect(popup.getByRole('link', { name: 'Create section' })).toHaveAttribute('href', /^\/board\/\d+\/create_section\/\?next=/);
    await popup.getByRole('button', { name: 'Back' }).click();

    await popup.getByRole('link', { name: 'Create board' }).click();
    await expect(popup).toHaveURL(/\/board\/create\/\?next=/);
    const name = unique('Phone board');
    await popup.getByLabel('Name', { exact: true }).fill(name);
    await popup.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(popup).toHaveURL(/\/pin\/create\/button\//);
    await pickBoard(popup, name);
    await expect(popup.getByRole('status')).toContainText(`Saved to ${name}`);
    expect(readRows(`select boards.name from pins join boards on boards.id = pins.board_id where boards.name = ?`, name)).toHaveLength(1);
  });
});

test('the examples link back to the product wherever it runs', async ({ page }) => {
  await page.goto(`${EXAMPLES}/`);
  await expect(page.locator('script[src$="/js/pinit.js"]')).toHaveAttribute('src', `${PRODUCT}/js/pinit.js`);
});
