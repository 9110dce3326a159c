import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readRows, writeRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, logInByApi, publishToNewBoard, unique } from './popup';
import { freshAccount } from './safety-helpers';

const png = () =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 200, g: 140, b: 30 } } })
    .png()
    .toBuffer();

test('a business account tags products in the pin builder; the pin page lists them under Shop, each a link to the product', async ({ page }) => {
  const shop = freshAccount('shop', 'Lena');
  // A business account, as converting makes one (advertiser.spec.ts walks that flow): set as an operator would.
  writeRows('update users set is_partner = 1 where email = ?', shop.email);
  await logInByApi(page, shop);
  await page.goto(`${PRODUCT}/pin-builder/`);

  await page.getByLabel('Choose an image').setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: await png() });
  await expect(page.getByRole('status')).toHaveText('Ready to publish');
  await page.getByLabel('Title', { exact: true }).fill('Reading corner');

  const tags = page.getByRole('group', { name: 'Tag products' });
  // A link the server would refuse is refused here first, in the same words.
  await tags.getByLabel('Product link').fill('http://lamps.example/brass');
  await tags.getByLabel('Product title').fill('Brass lamp');
  await tags.getByRole('button', { name: 'Add product' }).click();
  await expect(tags.getByRole('alert')).toHaveText('A product link must be an https URL.');
  await tags.getByLabel('Product link').fill('https://lamps.example/brass?colour=gold');
  await tags.getByLabel('Price (optional)').fill('€89');
  await tags.getByRole('button', { name: 'Add product' }).click();
  await tags.getByLabel('Product link').fill('https://lamps.example/shade');
  await tags.getByLabel('Product title').fill('Linen shade');
  await tags.getByRole('button', { name: 'Add product' }).click();
  await tags.getByLabel('Product link').fill('https://lamps.example/stool');
  await tags.getByLabel('Product title').fill('Oak stool');
  await tags.getByRole('button', { name: 'Add product' }).click();
  await tags.getByRole('button', { name: 'Remove Linen shade' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['Brass lamp · €89 · lamps.example Remove Brass lamp', 'Oak stool · lamps.example Remove Oak stool']);

  const board = unique('Shop board');
  await publishToNewBoard(page, board);

  await page.getByRole('link', { name: 'See it now' }).click();
  await expect(page.getByRole('heading', { name: 'Reading corner' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Shop' });
  await expect(list.getByRole('listitem')).toHaveText(['Brass lamp · €89', 'Oak stool']);
  const lamp = list.getByRole('link', { name: 'Brass lamp' });
  await expect(lamp).toHaveAttribute('href', 'https://lamps.example/brass?colour=gold');
  await expect(lamp).toHaveAttribute('rel', 'noopener nofollow ugc');
  await expect(lamp).toHaveAttribute('target', '_blank');

  const pinId = /\/pin\/(\d+)\//.exec(page.url())![1]!;
  expect(readRows('select position, url, title, price from pin_product_tags where pin_id = ? order by position', pinId)).toEqual([
    { position: 0, url: 'https://lamps.example/brass?colour=gold', title: 'Brass lamp', price: '€89' },
    { position: 1, url: 'https://lamps.example/stool', title: 'Oak stool', price: null },
  ]);
  // A visitor reads the same list.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${PRODUCT}/pin/${pinId}/`);
  await expect(visitor.getByRole('region', { name: 'Shop' }).getByRole('link')).toHaveText(['Brass lamp', 'Oak stool']);
  await visitor.close();
});

test('a personal account sees no product-tag control in the builder', async ({ page }) => {
  await logInByApi(page, DEMO);
  await page.goto(`${PRODUCT}/pin-builder/`);
  await expect(page.getByLabel('Alt text')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tag products' })).toHaveCount(0);
  await expect(page.getByLabel('Product link')).toHaveCount(0);
});
