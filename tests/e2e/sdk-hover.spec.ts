import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES } from './origins';
import { openPopup } from './sdk';

/** Hover buttons (examples/hover.html, lang="fr") and a single-page app adding content later (examples/spa.html). */
const hoverButton = (page: Page) => page.locator('[data-corkboard]').getByRole('button');

async function hover(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.locator(selector).hover();
}

test('a Save button appears over large images, 10 px in from the corner, in the page language', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  await hover(page, '#tart');
  await expect(hoverButton(page)).toHaveAccessibleName('Enregistrer');
  const img = (await page.locator('#tart').boundingBox())!;
  const button = (await hoverButton(page).boundingBox())!;
  expect([button.x - img.x, button.y - img.y]).toEqual([10, 10]);

  const { query } = await openPopup(context, () => hoverButton(page).click());
  expect(query.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png`);
  expect(query.get('url')).toBe(`${EXAMPLES}/hover.html`);
  expect(query.get('description')).toBe('Tarte au citron, la simple'); // the image title
});

test('keyboard users get the button too: focusing a linked image shows it, and the next Tab reaches it', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  const focusedLink = () => page.evaluate(() => document.activeElement?.id);
  for (let i = 0; i < 10 && (await focusedLink()) !== 'lake-link'; i++) await page.keyboard.press('Tab');
  expect(await focusedLink()).toBe('lake-link');
  await expect(hoverButton(page)).toBeVisible();
  const img = (await page.locator('#linked').boundingBox())!;
  const button = (await hoverButton(page).boundingBox())!;
  expect([button.x - img.x, button.y - img.y]).toEqual([10, 10]);

  await page.keyboard.press('Tab');
  await expect(hoverButton(page)).toBeFocused();
  const { query } = await openPopup(context, () => page.keyboard.press('Enter'));
  expect(query.get('media')).toBe(`${EXAMPLES}/img/mountain-lake.png`);

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab'); // leaving for something with no image hides it
  await expect(hoverButton(page)).toHaveCount(0);
});

test('no hover button on small, nopin or no-hover images', async ({ page }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  for (const id of ['#icon', '#nopin', '#nohover']) {
    await hover(page, id);
    // The hover delay is 32 ms; give it ample time to (wrongly) appear, then hover a pinnable image.
    await page.waitForTimeout(150);
    await expect(hoverButton(page)).toHaveCount(0);
  }
  await hover(page, '#tart');
  await expect(hoverButton(page)).toHaveCount(1);
  await page.mouse.move(1, 1);
  await expect(hoverButton(page)).toHaveCount(0);
});

test('per-image data-pin-* and picture-only images are saved as marked', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  await hover(page, '#media');
  let { query } = await openPopup(context, () => hoverButton(page).click());
  expect([query.get('media'), query.get('url'), query.get('description')]).toEqual([
    `${EXAMPLES}/img/lemon-tart.png`,
    `${EXAMPLES}/recipes/tart`,
    'The big one',
  ]);

  await hover(page, '#picture');
  ({ query } = await openPopup(context, () => hoverButton(page).click()));
  expect(query.get('media')).toBe(`${EXAMPLES}/img/mountain-lake.png`);
});

test('selected text becomes the description', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  await page.evaluate(() => getSelection()!.selectAllChildren(document.querySelector('h1')!));
  await hover(page, '#tart');
  const { query } = await openPopup(context, () => hoverButton(page).click());
  expect(query.get('description')).toBe('Tarte au citron');
});

test('the meta nohover switches hover buttons off, even when a single-page app adds it later', async ({ page }) => {
  await page.goto(`${EXAMPLES}/hover.html`);
  await page.evaluate(() => document.head.append(Object.assign(document.createElement('meta'), { name: 'pinterest', content: 'nohover' })));
  await hover(page, '#tart');
  await page.waitForTimeout(150);
  await expect(hoverButton(page)).toHaveCount(0);
});

test('a single-page app gets buttons and hover for content added later, and can destroy and rebuild', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/spa.html`);
  await expect.poll(() => page.evaluate(() => typeof window.PinUtils)).toBe('object');
  await page.getByRole('button', { name: 'Load more recipes' }).click();
  await page.getByRole('button', { name: 'Load more recipes' }).click();
  const saves = page.locator('#feed').getByRole('button', { name: 'Save' });
  await expect(saves).toHaveCount(2);

  const { query } = await openPopup(context, () => saves.nth(1).click());
  expect(query.get('description')).toBe('Recipe 2');

  await hover(page, '#feed article:nth-child(1) img');
  await expect(page.locator('html > [data-corkboard]').getByRole('button', { name: 'Save' })).toBeVisible();

  await page.evaluate(() => window.PinUtils.destroy());
  await expect(page.locator('[data-corkboard]')).toHaveCount(0);
  await expect(page.locator('#feed a[data-pin-do="buttonPin"]')).toHaveCount(2);
  await page.evaluate(() => window.PinUtils.build());
  await expect(saves).toHaveCount(2);

  // pinOne from the page's own code.
  const one = await openPopup(context, () =>
    page.evaluate(
      (media) => window.PinUtils.pinOne({ media, url: 'https://elsewhere.example/x', description: 'Chosen by code' }),
      `${EXAMPLES}/img/lemon-tart.png`,
    ),
  );
  expect(Object.fromEntries(one.query)).toMatchObject({
    media: `${EXAMPLES}/img/lemon-tart.png`,
    url: 'https://elsewhere.example/x',
    description: 'Chosen by code',
  });
});

test('over a hero image taller and wider than the window, the Save sits at the top-left of the visible part and follows the scroll', async ({
  page,
  context,
}) => {
  await page.goto(`${EXAMPLES}/hero.html`);
  const hero = page.locator('#hero');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Scrolled halfway down the image and a little to the right: its top-left corner is off screen.
  await page.evaluate(() => {
    const img = document.getElementById('hero')!.getBoundingClientRect();
    scrollTo(scrollX + img.left + 200, scrollY + img.top + img.height / 2);
  });
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await expect(hoverButton(page)).toBeVisible();
  const placed = async () => {
    const img = (await hero.boundingBox())!;
    const button = (await hoverButton(page).boundingBox())!;
    return { img: [img.x, img.y] as const, button: [button.x, button.y] as const };
  };
  // The visible part starts at the window's top-left corner: the button is 10 px in from it, on screen.
  expect((await placed()).button).toEqual([10, 10]);

  // Scrolling back up until the image's top shows: the button follows to 10 px below it, and stays shown
  // (the pointer is still on the image).
  await page.mouse.wheel(0, (await hero.boundingBox())!.y - 150);
  await expect.poll(async () => (await placed()).img[1]).toBeGreaterThan(100);
  await expect
    .poll(async () => {
      const { img, button } = await placed();
      return [button[0], Math.round(button[1] - img[1])];
    })
    .toEqual([10, 10]);
  await expect(hoverButton(page)).toBeVisible();

  const { query } = await openPopup(context, () => hoverButton(page).click());
  expect(query.get('media')).toBe(`${EXAMPLES}/img/bread.png`);
});
