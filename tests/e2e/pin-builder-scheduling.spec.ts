import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { readRows, writeRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, logInByApi, unique } from './popup';
import { freshAccount } from './safety-helpers';

const png = (r: number) =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A business account, as converting makes one: set as an operator would. */
async function business(page: Page, name: string) {
  const shop = freshAccount(name, 'Ines');
  writeRows('update users set is_partner = 1 where email = ?', shop.email);
  await logInByApi(page, shop);
  return shop;
}

/** The builder filled in to its Schedule button: an image, a title, a new board, a time an hour from now (the browser's clock). */
async function scheduleOne(page: Page, title: string, board: string) {
  await page.goto(`${PRODUCT}/pin-builder/`);
  await page.getByLabel('Choose an image').setInputFiles({ name: 'later.png', mimeType: 'image/png', buffer: await png(180) });
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create your first board' }).click();
  await page.getByLabel('Name', { exact: true }).fill(board);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Board: ${board}`)).toBeVisible();
  await page.getByRole('switch', { name: 'Publish later' }).check();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByText(/Times are in your time zone/)).toBeVisible();
  const inAnHour = await page.evaluate(() => {
    const d = new Date(Date.now() + 60 * 60 * 1000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  });
  await page.getByLabel(/Date and time/).fill(inAnHour);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status')).toContainText('Scheduled for');
}

const rowsOf = (email: string) =>
  readRows<{ id: string; state: string; pin_id: string | null; media_upload_id: string | null }>(
    'select s.id, s.state, s.pin_id, s.media_upload_id from scheduled_pins s join users u on u.id = s.owner_user_id where u.email = ?',
    email,
  );

test('a business schedules a pin from the builder, sees it in Scheduled Pins, cancels it and it is gone', async ({ page }) => {
  // An upload and its processing first: on a busy machine that alone can take half the default minute.
  test.setTimeout(120_000);
  const shop = await business(page, 'schedcancel');
  await scheduleOne(page, 'Autumn sale', unique('Later board'));
  await page.getByRole('link', { name: 'See your scheduled Pins' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/pin-builder/scheduled/`);
  await expect(page.getByRole('heading', { name: 'Scheduled Pins' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Autumn sale' });
  await expect(row.getByText('Waiting to be published')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/media\/\d+\/236x\.jpg$/);
  const [kept] = rowsOf(shop.email);
  expect(kept?.state).toBe('scheduled');

  await row.getByRole('button', { name: 'Cancel the scheduled Pin Autumn sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel “Autumn sale”?' });
  await expect(dialog.getByText('It will not be published')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Pin' }).click();
  await expect(page.getByText('No Pins are waiting to be published.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a Pin and choose Publish later' })).toHaveAttribute('href', '/pin-builder/');
  expect(rowsOf(shop.email)).toEqual([]);
});

test('a scheduled pin that comes due is published by the worker and shows on its board', async ({ page }) => {
  test.setTimeout(120_000);
  const shop = await business(page, 'scheddue');
  const board = unique('Due board');
  await scheduleOne(page, 'Winter drop', board);
  const [kept] = rowsOf(shop.email);
  // Its time has come: the worker's next pass (every 30 s) publishes it.
  writeRows('update scheduled_pins set publish_at = ? where id = ?', Date.now() - 1000, kept!.id);
  await expect.poll(() => rowsOf(shop.email)[0]?.state, { timeout: 60_000, intervals: [2_000] }).toBe('published');
  const pinId = rowsOf(shop.email)[0]!.pin_id!;
  const [{ slug }] = readRows<{ slug: string }>('select b.slug from boards b join pins p on p.board_id = b.id where p.id = ?', pinId) as [{ slug: string }];
  await page.goto(`${PRODUCT}/${shop.username}/${slug}/`);
  await expect(page.locator(`a[href="/pin/${pinId}/"]`).first()).toBeVisible();
  // A published one leaves the waiting list.
  await page.goto(`${PRODUCT}/pin-builder/scheduled/`);
  await expect(page.getByText('No Pins are waiting to be published.')).toBeVisible();
});

test('a personal account sees no "Publish later" in the builder', async ({ page }) => {
  await logInByApi(page, DEMO);
  await page.goto(`${PRODUCT}/pin-builder/`);
  await page.getByLabel('Choose an image').setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: await png(60) });
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Publish later' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
});
