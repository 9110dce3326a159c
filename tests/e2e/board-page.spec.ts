import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readRows } from './db';
import { PRODUCT } from './origins';
import { DEMO, logIn, openPopup, unique } from './popup';

const logInDemo = (page: Page) =>
  page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });

const slugOf = (name: string) => readRows<{ slug: string }>(`select slug from boards where name = ?`, name)[0]?.slug;

test('a pin saved from a publisher page is on its board’s page', async ({ page, context }) => {
  const popup = await openPopup(page, context);
  await logIn(popup);
  // Create board saves the pin to the new board at once.
  const name = unique('Board page');
  await popup.getByRole('button', { name: 'Create board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(name);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  const seeIt = popup.getByRole('link', { name: 'See it now' });
  await expect(seeIt).toBeVisible();
  const pinId = /^\/pin\/(\d+)\/$/.exec((await seeIt.getAttribute('href')) ?? '')?.[1];
  expect(pinId).toBeTruthy();
  const [pin] = readRows<{ image_id: string }>(`select image_id from pins where id = ?`, pinId);

  await page.goto(`${PRODUCT}/demo/${slugOf(name)}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Corkboard`);
  await expect(page.getByRole('link', { name: 'Demo Pinner' })).toHaveAttribute('href', '/demo/');
  await expect(page.locator('.board-meta .pin-count')).toHaveText('1 Pin');
  const tile = page.getByRole('link', { name: 'Lemon tart, the easy way' });
  await expect(tile).toHaveAttribute('href', `/pin/${pinId}/`);
  // Our stored 236x rendition, not the publisher's file.
  const image = tile.getByRole('img');
  await expect(image).toHaveAttribute('src', `${PRODUCT}/media/${pin?.image_id}/236x.jpg`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(236);
  await expect(page.getByRole('button', { name: 'More Pins' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await tile.click();
  await expect(page).toHaveURL(`${PRODUCT}/pin/${pinId}/`);
  await expect(page.locator('.board-name')).toHaveText(name);
});

test('a board with sections lists them with their counts, and a section has its own page', async ({ page }) => {
  await page.goto(`${PRODUCT}/demo/home-decor/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home decor' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  const [lighting] = readRows<{ pin_count: number }>(
    `select board_sections.pin_count from board_sections join boards on boards.id = board_sections.board_id where boards.name = 'Home decor' and board_sections.title = 'Lighting'`,
  );
  const count = lighting?.pin_count ?? 0;
  await expect(sections.getByRole('link', { name: /^Lighting/ })).toHaveText(`Lighting ${count} ${count === 1 ? 'Pin' : 'Pins'}`);
  await expect(sections.getByRole('link', { name: /^Living room/ })).toHaveAttribute('href', '/demo/home-decor/living-room/');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await sections.getByRole('link', { name: /^Lighting/ }).click();
  await expect(page).toHaveURL(`${PRODUCT}/demo/home-decor/lighting/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighting' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home decor' })).toHaveAttribute('href', '/demo/home-decor/');
});

test('a secret board is not found for a visitor, and is shown to its owner', async ({ page }) => {
  // A visitor: the same page as for a board that does not exist.
  for (const path of ['/demo/gift-ideas/', '/demo/no-such-board/', '/nobodyhere/recipes/']) {
    await page.goto(`${PRODUCT}${path}`);
    await expect(page.getByRole('alert')).toHaveText("Sorry, we couldn't find that board.");
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await logInDemo(page);
  await page.goto(`${PRODUCT}/demo/gift-ideas/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift ideas' })).toBeVisible();
  await expect(page.getByText('Secret board')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
