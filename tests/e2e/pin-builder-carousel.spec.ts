import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readRows, writeRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, logInByApi, publishToNewBoard, unique } from './popup';
import { freshAccount } from './safety-helpers';

/** Images told apart by their shape: the carousel's order is read back by each image's size. */
const png = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 30 } } })
    .png()
    .toBuffer();

test('a business makes a carousel of 3 images in the pin builder, reorders it, publishes; the pin page shows one at a time', async ({ page }) => {
  const shop = freshAccount('carousel', 'Mira');
  // A business account, as converting makes one: set as an operator would.
  writeRows('update users set is_partner = 1 where email = ?', shop.email);
  await logInByApi(page, shop);
  await page.goto(`${PRODUCT}/pin-builder/`);

  await page.getByLabel('Choose an image').setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: await png(600, 900, 200) });
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Three rooms');

  const carousel = page.getByRole('group', { name: 'Carousel' });
  await carousel.getByLabel('Add images').setInputFiles([
    { name: 'tall.png', mimeType: 'image/png', buffer: await png(600, 800, 120) },
    { name: 'square.png', mimeType: 'image/png', buffer: await png(600, 600, 40) },
  ]);
  await expect(carousel.getByRole('listitem')).toHaveCount(2);
  await expect(carousel.getByRole('img', { name: 'Carousel image 3' })).toBeVisible();
  // The square one, added last, moves before the tall one; the first can go no earlier, the last no later.
  await expect(carousel.getByRole('button', { name: 'Move image 2 earlier' })).toBeDisabled();
  await carousel.getByRole('button', { name: 'Move image 3 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();

  await publishToNewBoard(page, unique('Carousel board'));
  await page.getByRole('link', { name: 'See it now' }).click();
  await expect(page.getByRole('heading', { name: 'Three rooms' })).toBeVisible();

  const pinId = /\/pin\/(\d+)\//.exec(page.url())![1]!;
  const slots = readRows<{ image_id: string; width: number; height: number }>(
    'select s.image_id, i.width, i.height from pin_carousel_slots s join images i on i.id = s.image_id where s.pin_id = ? order by s.position',
    pinId,
  );
  expect(slots.map(({ width, height }) => ({ width, height }))).toEqual([
    { width: 600, height: 600 },
    { width: 600, height: 800 },
  ]);

  const images = page.getByRole('region', { name: 'Pin images' });
  await expect(images.getByText('1 of 3')).toBeVisible();
  await images.getByRole('button', { name: 'Next image' }).click();
  await expect(images.getByText('2 of 3')).toBeVisible();
  await expect(images.getByRole('img')).toHaveAttribute('src', new RegExp(`/media/${slots[0]!.image_id}/`));
  await images.getByRole('button', { name: 'Previous image' }).click();
  await expect(images.getByText('1 of 3')).toBeVisible();
});

test('a personal account sees no carousel control in the builder, even with an image chosen', async ({ page }) => {
  await logInByApi(page, DEMO);
  await page.goto(`${PRODUCT}/pin-builder/`);
  await page.getByLabel('Choose an image').setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: await png(600, 900, 90) });
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Carousel' })).toHaveCount(0);
  await expect(page.getByLabel('Add images')).toHaveCount(0);
});
