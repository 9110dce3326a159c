import { mkdtempSync, openSync, closeSync, ftruncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, logInByApi, publishToNewBoard, unique } from './popup';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();
const uploads = () => readRows<{ n: number }>('select count(*) as n from media_uploads')[0]?.n ?? 0;

test('an image from the device, published from the pin builder, shows in its renditions on its pin page', async ({ page }) => {
  // A visitor is asked to log in first, with the product's own log-in form, and stays in the builder.
  await page.goto(`${PRODUCT}/pin-builder/`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
  await expect(page).toHaveURL(`${PRODUCT}/pin-builder/`);

  await page.getByLabel('Choose an image').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await png(1000, 1500) });
  await expect(page.getByRole('status')).toHaveText('Ready to publish');
  await expect(page.getByRole('img', { name: 'Preview of your image' })).toHaveAttribute('src', /\/media\/\d+\/474x\.jpg$/);
  await page.getByLabel('Title').fill('My desk lamp');
  await page.getByLabel('Description').fill('Made from an old tin can.');
  await page.getByLabel('Link').fill('https://example.com/lamp');
  await page.getByLabel('Alt text').fill('A blue lamp on a wooden desk');

  // The save popup's own picker: a new board made here becomes the Pin's board.
  const board = unique('Builder board');
  await publishToNewBoard(page, board, 'Create board');
  const saved = page.getByRole('img', { name: 'A blue lamp on a wooden desk' });
  await expect(saved).toHaveAttribute('srcset', /\/236x\.jpg 236w, .*\/474x\.jpg 474w, .*\/736x\.jpg 736w, .*\/originals\.jpg 1000w$/);

  await page.getByRole('link', { name: 'See it now' }).click();
  await expect(page.getByRole('heading', { name: 'My desk lamp' })).toBeVisible();
  const image = page.getByRole('img', { name: 'A blue lamp on a wooden desk' });
  const srcset = (await image.getAttribute('srcset')) ?? '';
  const renditions = [...srcset.matchAll(/(\S+) (\d+)w/g)].map(([, url, width]) => ({ url: url!, width: Number(width) }));
  expect(renditions.map((r) => r.width)).toEqual([236, 474, 736, 1000]);
  for (const { url, width } of renditions) {
    const file = await page.request.get(url);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    expect((await sharp(await file.body()).metadata()).width).toBe(width);
  }
  // The browser really shows one of them.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const [row] = readRows<{ method: string; alt_text: string; link: string; title: string }>(
    'select pins.method, pins.alt_text, pins.link, pins.title from pins join boards on boards.id = pins.board_id where boards.name = ?',
    board,
  );
  expect(row).toEqual({ method: 'pinbuilder', alt_text: 'A blue lamp on a wooden desk', link: 'https://example.com/lamp', title: 'My desk lamp' });
});

test("the header's 'Create Pin' leads to the builder", async ({ page }) => {
  await logInByApi(page);
  await page.goto(`${PRODUCT}/`);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Create Pin' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/pin-builder/`);
  await expect(page.getByLabel('Choose an image')).toBeAttached();
});

test('a 50 MB file or a file that is not an image is refused with a clear message, and nothing is kept', async ({ page }) => {
  await logInByApi(page);
  await page.goto(`${PRODUCT}/pin-builder/`);
  const before = uploads();

  // 50 MB, sparse: a PNG's first bytes, then a hole.
  const path = join(mkdtempSync(join(tmpdir(), 'corkboard-e2e-')), 'huge.png');
  const fd = openSync(path, 'w');
  writeSync(fd, await png(200, 200));
  ftruncateSync(fd, 50 * 1024 * 1024);
  closeSync(fd);
  await page.getByLabel('Choose an image').setInputFiles(path);
  await expect(page.getByRole('alert')).toHaveText('Images can be up to 20 MB. Choose a smaller file.');

  // Named and typed as a PNG, but its bytes say otherwise: the server's sniff refuses it.
  await page
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.\n'.repeat(20)) });
  await expect(page.getByRole('alert')).toHaveText('That file is not an image we can save. Choose a JPEG, PNG, GIF or WebP image.');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  expect(uploads()).toBe(before);
});

test('an image its re-encode job cannot use is reported once the job has run, and cannot be published', async ({ page }) => {
  await logInByApi(page);
  await page.goto(`${PRODUCT}/pin-builder/`);
  // A PNG by its bytes (the upload takes it), too small to pin: only the job's decode can tell.
  await page.getByLabel('Choose an image').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await png(60, 60) });
  await expect(page.getByRole('alert')).toHaveText('Images must be larger than 119 by 119 pixels.');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
});

test('the pin builder in French (?lang=fr): its fields, its steps and its refusals', async ({ page }) => {
  await logInByApi(page);
  await page.goto(`${PRODUCT}/pin-builder/?lang=fr`);
  await expect(page.getByRole('heading', { name: 'Créer une épingle' })).toBeVisible();
  for (const label of ['Titre', 'Description', 'Lien', 'Texte alternatif']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Ajoutez un titre')).toBeVisible();
  // media/rules.ts's refusal, from the server's sniff, in French.
  await page
    .getByLabel('Choisir une image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.\n'.repeat(20)) });
  await expect(page.getByRole('alert')).toHaveText('Ce fichier n’est pas une image que nous pouvons enregistrer. Choisissez une image JPEG, PNG, GIF ou WebP.');
  await page.getByLabel('Choisir une image').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await png(600, 900) });
  await expect(page.getByRole('status')).toHaveText('Prête à publier');
  await expect(page.getByRole('img', { name: 'Aperçu de votre image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publier' })).toBeDisabled();
});
