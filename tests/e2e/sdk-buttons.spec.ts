import { expect, test } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { pickBoard } from './popup';
import { logIn, openPopup, recordSaves, saves } from './sdk';

/** The SDK on the demo publisher's "every button kind" page (examples/buttons.html), in real Chromium. */
const PAGE = `${EXAMPLES}/buttons.html`;

test.beforeEach(async ({ page }) => {
  await recordSaves(page);
  await page.goto(PAGE);
  await expect(page.locator('#pin').getByRole('button')).toBeVisible();
});

test('each kind of markup becomes one real, named button, even with the script included twice', async ({ page }) => {
  const button = (id: string) => page.locator(`#${id}`).getByRole('button');
  await expect(button('pin')).toHaveAccessibleName('Save');
  await expect(button('tall')).toHaveAccessibleName('Save');
  await expect(button('round')).toHaveAccessibleName('Save');
  await expect(button('round')).toHaveText('');
  await expect(button('white')).toHaveAccessibleName('Save');
  await expect(button('pinit')).toHaveAccessibleName('Pin it');
  await expect(button('german')).toHaveAccessibleName('Merken');
  await expect(button('bare')).toHaveAccessibleName('Save');
  await expect(button('bookmark')).toHaveAccessibleName('Save');
  await expect(button('follow')).toHaveAccessibleName('The Sunday Kitchen');
  // Custom links stay the publisher's own; data-pin-do="none" is left alone.
  await expect(page.locator('#custom').getByRole('link', { name: 'Save this tart' })).toBeVisible();
  await expect(page.locator('#skipped').getByRole('link', { name: 'a plain link' })).toBeVisible();
  await expect(page.locator('#custom, #skipped').getByRole('button')).toHaveCount(0);
  // Loaded twice, decorated once: one host per link.
  await expect(page.locator('[data-corkboard]')).toHaveCount(9);

  // The look: tall is taller, round is a circle, white is white.
  const box = async (id: string) => (await button(id).boundingBox())!;
  expect((await box('tall')).height).toBeGreaterThan((await box('pin')).height);
  expect((await box('round')).width).toBe((await box('round')).height);
  const background = (id: string) => button(id).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background('pin')).toBe('rgb(230, 0, 35)');
  expect(await background('white')).toBe('rgb(255, 255, 255)');
});

test('buttons are reachable by keyboard, show their focus, and save from the host page', async ({ page, context }) => {
  await logIn(context);
  await page.getByRole('link', { name: 'The Sunday Kitchen' }).focus();
  await page.keyboard.press('Tab');
  const save = page.locator('#pin').getByRole('button');
  await expect(save).toBeFocused();
  expect(await save.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  const { popup, url, query } = await openPopup(context, () => page.keyboard.press('Enter'));
  expect(url.origin + url.pathname).toBe(`${PRODUCT}/pin/create/button/`);
  expect(query.get('url')).toBe(PAGE);
  expect(query.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png`);
  expect(query.get('description')).toBe('Lemon tart');
  expect(query.get('origin')).toBe(EXAMPLES);
  const guid = query.get('guid');
  expect(guid).toMatch(/^[0-9a-f]{24}$/);

  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  await expect
    .poll(() => saves(page))
    .toEqual([
      {
        target: 'pin',
        detail: {
          guid,
          status: 'success',
          pin: { id: expect.any(String), url: expect.stringMatching(`^${PRODUCT}/pin/\\d+/$`) },
          board: { id: expect.any(String), name: 'Recipes' },
        },
      },
    ]);
  // Every click has a fresh guid.
  const again = await openPopup(context, () => page.locator('#tall').getByRole('button').click());
  expect(again.query.get('guid')).not.toBe(guid);
});

test('a failed save reaches the data-pin-error callback and the corkboard:save event', async ({ page, context }) => {
  await logIn(context);
  // A link added after load (the SDK decorates it by itself) whose image URL the API refuses.
  await page.evaluate(() => {
    const li = Object.assign(document.createElement('li'), { id: 'broken' });
    const a = Object.assign(document.createElement('a'), { href: 'https://www.pinterest.com/pin/create/button/' });
    a.setAttribute('data-pin-do', 'buttonPin');
    a.setAttribute('data-pin-media', `https://img.example/${'x'.repeat(2100)}.jpg`);
    li.append(a);
    document.querySelector('.buttons')!.append(li);
  });
  const { popup } = await openPopup(context, () => page.locator('#broken').getByRole('button', { name: 'Save' }).click());
  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('alert')).toContainText('Must be at most 2048 characters.');
  // An error is not final (the user may try another board): the host hears it when the popup closes.
  await popup.close();

  const failure = { guid: expect.any(String), status: 'error', error: { code: 1, message: 'Some of the information sent is not valid.' } };
  await expect.poll(() => page.evaluate(() => window.pinErrors)).toEqual([failure]);
  expect(await saves(page)).toEqual([{ target: 'broken', detail: failure }]);
});

test('buttonBookmark lets the user pick any image, ranked by the shared image rules', async ({ page, context }) => {
  await page.locator('#bookmark').getByRole('button').click();
  const picker = page.getByRole('dialog', { name: 'Save' });
  await expect(picker).toBeVisible();
  // Larger first; the 64 px logo is not pinnable.
  const names = await picker.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent));
  expect(names).toEqual(['Save: A lemon tart on a linen cloth', 'Save: A mountain lake', 'Close']);
  await expect(picker.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(page.locator('#bookmark').getByRole('button')).toBeFocused();

  await page.locator('#bookmark').getByRole('button').click();
  const { query } = await openPopup(context, () => picker.getByRole('button', { name: 'Save: A mountain lake' }).click());
  expect(query.get('media')).toBe(`${EXAMPLES}/img/mountain-lake.png`);
  expect(query.get('url')).toBe(PAGE);
  await expect(picker).toHaveCount(0);
});

test('buttonFollow opens the follow flow on the product origin', async ({ page, context }) => {
  const { url } = await openPopup(context, () => page.locator('#follow').getByRole('button').click());
  expect(url.href).toBe(`${PRODUCT}/demo/?follow=1`);
});

test("a custom button is the page's own link; the SDK only handles its click", async ({ page, context }) => {
  const { query } = await openPopup(context, () => page.getByRole('link', { name: 'Save this tart' }).click());
  expect(query.get('media')).toBe(`${EXAMPLES}/img/lemon-tart.png`);
  expect(page.url()).toBe(PAGE);
});

test('a long page: links near the view are buttons at once, the rest become buttons as they come near, focus included', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/long.html`);
  await expect(page.locator('#recipe-1').getByRole('button', { name: 'Save' })).toBeVisible();
  // Far below the view, still the publisher's own link: nothing has been spent on it yet.
  await expect(page.locator('#recipe-40 a[data-pin-do]')).toHaveCount(1);
  await expect(page.locator('#recipe-40 [data-corkboard]')).toHaveCount(0);

  await page.locator('#recipe-40').scrollIntoViewIfNeeded();
  await expect(page.locator('#recipe-40').getByRole('button', { name: 'Save' })).toBeVisible();

  // Tab reaching a link that is not a button yet: the focus lands on the button it becomes.
  await page.locator('#recipe-25 a[data-pin-do]').focus();
  await expect(page.locator('#recipe-25').getByRole('button', { name: 'Save' })).toBeFocused();
  const { query } = await openPopup(context, () => page.keyboard.press('Enter'));
  expect(query.get('description')).toBe('Lake picnic 25');
});

test('Psst!, then another board: the host hears one success and no error (the last result wins)', async ({ page, context }) => {
  await logIn(context);
  const url = `https://elsewhere.example/psst-${Math.random().toString(36).slice(2, 8)}`;
  const pinOne = () =>
    page.evaluate(([media, link]) => window.PinUtils.pinOne({ media, url: link, description: 'Twice' }), [`${EXAMPLES}/img/lemon-tart.png`, url]);
  const first = await openPopup(context, pinOne);
  await pickBoard(first.popup, 'Recipes');
  await expect(first.popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  await first.popup.close();
  await expect.poll(async () => (await saves(page)).length).toBe(1);
  await page.evaluate(() => (window.__sdkSaves = []));

  const { popup, query } = await openPopup(context, pinOne);
  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('alert')).toHaveText('Psst! You already saved this Pin to Recipes');
  // However far down the board list the pick was, the message is in view.
  await expect(popup.getByRole('alert')).toBeInViewport();
  await pickBoard(popup, 'Travel');
  await expect(popup.getByRole('heading', { name: 'Saved to Travel' })).toBeVisible();
  await popup.close();
  await expect
    .poll(() => saves(page))
    .toEqual([
      { target: '', detail: { guid: query.get('guid'), status: 'success', pin: expect.any(Object), board: { id: expect.any(String), name: 'Travel' } } },
    ]);
  expect(await page.evaluate(() => window.pinErrors)).toEqual([]);
});
