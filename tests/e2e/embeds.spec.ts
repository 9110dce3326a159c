import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { readRows } from './db';
import { logIn, openPopup, recordSaves, saves } from './sdk';
import { pickBoard } from './popup';

/**
 * Embedded boards, profiles and pins on the demo publisher (examples/embeds.html,
 * examples/embeds-spa.html): images shown, the hover Save saving from inside a widget, Follow, a
 * secret board left as a link, count bubbles, axe clean.
 */

const run = Math.random().toString(36).slice(2, 8);
const resource = async (request: APIRequestContext, name: string, options: object) => {
  const res = await request.get(`${PRODUCT}/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`);
  return (await res.json()).resource_response.data;
};

/** Pins saved by the demo account (on Travel, and one on the secret Gift ideas), their images made. */
async function seed(request: APIRequestContext): Promise<{ pinIds: string[] }> {
  const login = await request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: 'demo@corkboard.test', password: 'corkboard-demo' } },
    headers: { Origin: PRODUCT },
  });
  expect(login.ok()).toBe(true);
  const save = async (slug: string, image: string, description: string, link = `${EXAMPLES}/embeds.html?${image}-${run}`) => {
    const board = await resource(request, 'BoardResource', { username: 'demo', slug });
    const res = await request.post(`${PRODUCT}/resource/PinResource/create/`, {
      data: { options: { board_id: board.id, image_url: `${EXAMPLES}/img/${image}.png`, link, description } },
      headers: { Origin: PRODUCT },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()).resource_response.data.id as string;
  };
  const pinIds = [
    await save('travel', 'mountain-lake', `A mountain lake ${run}`),
    await save('travel', 'figs', `Figs ${run}`),
    await save('travel', 'bread', `Bread ${run}`),
  ];
  await save('gift-ideas', 'lemon-tart', `A secret gift ${run}`);
  // The count bubbles' page, saved once publicly and once to the secret board: the public count is 1.
  await save('recipes', 'tomatoes', `Tomatoes ${run}`, `${EXAMPLES}/embeds.html`);
  await save('gift-ideas', 'tomatoes', `Secret tomatoes ${run}`, `${EXAMPLES}/embeds.html`);
  // The images are made by the background job, one at a time: wait until the widget data has every one.
  await expect
    .poll(
      async () => {
        const { pins } = await resource(request, 'EmbedsResource', { pins: pinIds });
        return pinIds.every((id) => pins[id]?.images);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { pinIds };
}

let pinIds: string[] = [];
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  ({ pinIds } = await seed(request));
  await request.dispose();
});

async function open(page: Page, path = `/embeds.html?pin=${pinIds[0]}`) {
  await page.goto(`${EXAMPLES}${path}`);
  // The board widgets are drawn when the one request answers.
  await expect(page.locator('#board-medium')).toHaveCount(0);
}

test('boards, profiles and pins are drawn with their images, in every size; a secret or missing board stays the publisher’s link', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/resource/EmbedsResource/') && requests.push(r.url()));
  await open(page);
  const images = page.locator('[data-corkboard] img[data-pin-id]');
  await expect(images.first()).toBeVisible();
  // The newest pins come first; each shows a loaded image of its reserved size.
  const board = page
    .locator('[data-corkboard]')
    .filter({ has: page.getByRole('link', { name: 'Travel' }) })
    .first();
  const first = board.locator(`img[data-pin-id="${pinIds[2]}"]`);
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await first.getAttribute('srcset')).toMatch(/236x\.jpg 236w, .*474x\.jpg 474w$/);
  // The pin widgets: image, description, pinner and board.
  const pinCard = page
    .locator('[data-corkboard]')
    .filter({ hasText: `A mountain lake ${run}` })
    .first();
  await expect(pinCard.getByRole('link', { name: 'Demo Pinner' })).toBeVisible();
  await expect(pinCard.getByRole('link', { name: 'Travel' })).toBeVisible();
  // Each size is as wide as pinit.js makes it.
  for (const [width, name] of [
    [236, 'small'],
    [345, 'medium'],
    [600, 'large'],
  ] as const) {
    const box = await page
      .locator('figure')
      .filter({ hasText: `embedPin, ${name}` })
      .locator('[data-corkboard] .w')
      .boundingBox();
    expect([name, Math.round(box!.width)]).toEqual([name, width]);
  }
  // The secret board's pins never reached the page.
  await expect(page.locator('#secret-board')).toHaveText('Our gift ideas');
  await expect(page.locator('#missing-board')).toHaveText('A board that is gone');
  await expect(page.getByText(`A secret gift ${run}`)).toHaveCount(0);
  // One request for all the page's widgets and counts.
  expect(requests).toHaveLength(1);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('the hover Save on a pin inside a widget saves that pin (a repin), the host page hears one success, and a click on the pin opens its page', async ({
  page,
  context,
}) => {
  await logIn(context);
  await recordSaves(page);
  await open(page);
  const tile = page.locator('#board-medium, [data-corkboard]').locator(`img[data-pin-id="${pinIds[1]}"]`).first();
  await tile.scrollIntoViewIfNeeded();
  await tile.hover();
  const save = page.locator('[data-float]').getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  const { popup } = await openPopup(context, () => save.click());
  // Saving one of our own pins is a repin of it: the popup lands on that pin's repin,
  // still holding the host's guid and origin so it can answer the page.
  await expect(popup).toHaveURL(new RegExp(`^${PRODUCT}/pin/${pinIds[1]}/repin/x/\\?guid=[^&]+&origin=${encodeURIComponent(EXAMPLES)}(&|$)`));
  const guid = new URL(popup.url()).searchParams.get('guid');
  await pickBoard(popup, 'Recipes');
  await expect(popup.getByRole('heading', { name: 'Saved to Recipes' })).toBeVisible();
  // The host page hears the one result, a success naming the new pin, as for any save.
  await expect
    .poll(async () => (await saves(page)).map((s) => s.detail))
    .toEqual([
      {
        guid,
        status: 'success',
        pin: { id: expect.any(String), url: expect.stringMatching(`^${PRODUCT}/pin/\\d+/$`) },
        board: { id: expect.any(String), name: 'Recipes' },
      },
    ]);
  // The repin is in the database, on Recipes, with the pin's own description.
  await expect
    .poll(
      () =>
        readRows<{ n: number }>(
          `select count(*) as n from pins join boards on boards.id = pins.board_id where boards.name = 'Recipes' and pins.description = ?`,
          `Figs ${run}`,
        )[0]?.n,
    )
    .toBe(1);

  const [pinPage] = await Promise.all([context.waitForEvent('page'), tile.click()]);
  await expect(pinPage).toHaveURL(`${PRODUCT}/pin/${pinIds[1]}/`);
});

test('Follow in a board’s header opens the follow flow for its owner', async ({ page, context }) => {
  await open(page);
  const board = page
    .locator('[data-corkboard]')
    .filter({ has: page.locator(`img[data-pin-id]`) })
    .first();
  const [profile] = await Promise.all([context.waitForEvent('page'), board.getByRole('button', { name: 'Follow' }).click()]);
  await expect(profile).toHaveURL(`${PRODUCT}/demo/?follow=1`);
});

test('count bubbles show the public count beside and above their Save buttons', async ({ page }) => {
  await open(page);
  // The page they save was saved twice: once on a public board, once on a secret one, which is not counted.
  await expect(page.locator('[data-count="beside"]').locator('.cnt')).toHaveText('1');
  await expect(page.locator('[data-count="above"]').locator('.cnt')).toHaveText('1');
});

test('in a single-page app, widgets arrive with the view and go with it', async ({ page }) => {
  await page.goto(`${EXAMPLES}/embeds-spa.html`);
  await page.getByRole('button', { name: 'Open the travel story' }).click();
  await expect(page.locator('#view [data-corkboard] img[data-pin-id]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page.locator('#view [data-corkboard]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open the travel story' }).click();
  await expect(page.locator('#view [data-corkboard] img[data-pin-id]').first()).toBeVisible();
});
