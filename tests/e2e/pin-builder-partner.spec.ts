import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { STRONG, yearsAgo } from './auth-helpers';
import { writeRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, publishToNewBoard, unique } from './popup';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .png()
    .toBuffer();

/** A new account, logged in in this page's browser; a business (partner) account when asked. */
async function account(page: Page, partner: boolean) {
  const email = `${unique('partner').replace(' ', '-')}@example.com`;
  const signup = await page.context().request.post(`${PRODUCT}/resource/UserRegisterResource/create/`, {
    headers: { origin: PRODUCT, 'content-type': 'application/json' },
    data: { options: { type: 'email', email, password: STRONG, birthday: Math.floor(Date.parse(`${yearsAgo(30)}T00:00:00Z`) / 1000) } },
  });
  expect(signup.status()).toBe(200);
  if (partner) writeRows('update users set is_partner = 1 where email = ?', email);
  return email;
}

test('a business account reads the tips once, then turns and crops its image before publishing it', async ({ page }) => {
  await account(page, true);
  await page.goto(`${PRODUCT}/pin-builder/`);
  const tips = page.getByRole('region', { name: 'Tips for a great Pin' });
  await expect(tips).toContainText('2:3');
  await tips.getByRole('button', { name: 'Got it, hide tips' }).click();
  await expect(tips).toHaveCount(0);
  // Remembered on the account, not in this page.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${PRODUCT}/resource/PinBuilderResource/get/?data=${encodeURIComponent('{"options":{}}')}`)).json()).resource_response
          .data.education_dismissed,
    )
    .toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tips for a great Pin' })).toHaveCount(0);

  // 1200 by 800: turned, 800 by 1200; cropped square, 800 by 800.
  await page.getByLabel('Choose an image').setInputFiles({ name: 'shoe.png', mimeType: 'image/png', buffer: await png(1200, 800) });
  await expect(page.getByRole('status')).toHaveText('Ready to publish');
  const edit = page.getByRole('region', { name: 'Edit image' });
  await expect(edit).toContainText('Result: 1,200 × 800 pixels');
  await edit.getByRole('button', { name: 'Rotate 90°' }).click();
  await expect(edit).toContainText('Result: 800 × 1,200 pixels');
  await edit.getByLabel('Crop').selectOption({ label: 'Square (1:1)' });
  await expect(edit).toContainText('Result: 800 × 800 pixels');
  await edit.getByRole('button', { name: 'Apply edit' }).click();
  const preview = page.getByRole('img', { name: 'Preview of your image' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === img.naturalHeight && img.naturalWidth > 0))
    .toBe(true);

  await page.getByLabel('Title', { exact: true }).fill('A square shoe');
  await page.getByLabel('Alt text').fill('An orange shoe, cropped square');
  const board = unique('Edited board');
  // A new account: its first board is made from the picker.
  await publishToNewBoard(page, board);

  await page.getByRole('link', { name: 'See it now' }).click();
  await expect(page.getByRole('heading', { name: 'A square shoe' })).toBeVisible();
  const image = page.getByRole('img', { name: 'An orange shoe, cropped square' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const size = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(size.width).toBe(size.height);
  const srcset = (await image.getAttribute('srcset')) ?? '';
  expect(srcset).toMatch(/originals\.jpg 800w$/);
});

test('a person who is not a business account sees neither the tips nor the editing', async ({ page }) => {
  await page.context().request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });
  await page.goto(`${PRODUCT}/pin-builder/`);
  await page.getByLabel('Choose an image').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await png(1000, 1500) });
  await expect(page.getByRole('status')).toHaveText('Ready to publish');
  await expect(page.getByRole('region', { name: 'Tips for a great Pin' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Edit image' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rotate 90°' })).toHaveCount(0);
});
