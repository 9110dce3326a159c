import { parseFeed } from '@rowanmanning/feed-parser';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';

/**
 * Corkboard outside its own pages: a pin's link unfurls for a crawler that runs no script, a secret
 * board's pin unfurls as nothing but the product; an oEmbed answer's iframe shows the pin (with the
 * hover Save) inside a page on the publisher's origin, while the pin's own page refuses to be framed;
 * a board's RSS feed parses and lists a new pin.
 */

const run = Math.random().toString(36).slice(2, 8);
const CRAWLER = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';

const resource = async (request: APIRequestContext, name: string, options: object) => {
  const res = await request.get(`${PRODUCT}/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`);
  return (await res.json()).resource_response.data;
};

/** A pin of the demo account on its public Travel board and one on its secret Gift ideas, their images made. */
async function seed(request: APIRequestContext) {
  const login = await request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: 'demo@corkboard.test', password: 'corkboard-demo' } },
    headers: { Origin: PRODUCT },
  });
  expect(login.ok()).toBe(true);
  const save = async (slug: string, image: string, description: string) => {
    const board = await resource(request, 'BoardResource', { username: 'demo', slug });
    const res = await request.post(`${PRODUCT}/resource/PinResource/create/`, {
      data: { options: { board_id: board.id, image_url: `${EXAMPLES}/img/${image}.png`, link: `${EXAMPLES}/embeds.html?${image}-${run}`, description } },
      headers: { Origin: PRODUCT },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()).resource_response.data.id as string;
  };
  const open = await save('travel', 'mountain-lake', `A mountain lake at dawn ${run}`);
  const secret = await save('gift-ideas', 'lemon-tart', `A secret gift ${run}`);
  // The image is made by the background job: wait until a visitor's widget data has it.
  await expect.poll(async () => Boolean((await resource(request, 'EmbedsResource', { pins: [open] })).pins[open]?.images), { timeout: 30_000 }).toBe(true);
  return { open, secret };
}

let pins = { open: '', secret: '' };
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  pins = await seed(request);
  await request.dispose();
});

test('a pin’s link unfurls for a crawler that runs no script; a secret board’s pin unfurls as the product alone', async ({ browser }) => {
  const crawler = await browser.newContext({ javaScriptEnabled: false, userAgent: CRAWLER });
  const page = await crawler.newPage();
  await page.goto(`${PRODUCT}/pin/${pins.open}/`);
  await expect(page).toHaveTitle(`A mountain lake at dawn ${run} | Corkboard`);
  const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await og('og:title')).toBe(`A mountain lake at dawn ${run}`);
  expect(await og('og:url')).toBe(`${PRODUCT}/pin/${pins.open}/`);
  const image = (await og('og:image'))!;
  expect(image).toMatch(new RegExp(`^${PRODUCT}/media/\\d+/736x\\.jpg$`));
  expect(Number(await og('og:image:width'))).toBeGreaterThan(0);
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  // The image a preview shows is there, for anyone.
  const fetched = await crawler.request.get(image);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-type']).toBe('image/jpeg');

  await page.goto(`${PRODUCT}/pin/${pins.secret}/`);
  await expect(page).toHaveTitle('Corkboard');
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  expect(await page.content()).not.toContain('A secret gift');
  await crawler.close();
});

test('an oEmbed answer’s iframe shows the pin, with its hover Save, on the publisher’s page; the pin’s own page refuses to be framed', async ({
  page,
  request,
}) => {
  const pinUrl = `${PRODUCT}/pin/${pins.open}/`;
  const answer = await request.get(`${PRODUCT}/oembed?url=${encodeURIComponent(pinUrl)}&format=json&maxwidth=400`);
  expect(answer.status()).toBe(200);
  const oembed = await answer.json();
  expect(oembed).toMatchObject({ type: 'rich', version: '1.0', provider_name: 'Corkboard', width: 345 });
  // A publisher's post, on its own origin, pastes the answer's html as a CMS does, and tries to frame the pin's page too.
  await page.goto(`${EXAMPLES}/notes.html`);
  await page.setContent(
    `<!doctype html><html><body><h1>My post</h1>${oembed.html}<iframe id="direct" src="${pinUrl}" width="400" height="300"></iframe></body></html>`,
  );
  expect(new URL(page.url()).origin).toBe(EXAMPLES);
  const embed = page.frameLocator(`iframe[src^="${PRODUCT}/embed/pin/"]`);
  const img = embed.locator(`img[data-pin-id="${pins.open}"]`);
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(embed.getByText(`A mountain lake at dawn ${run}`)).toBeVisible();
  // The hover Save of the SDK's widget, inside the frame.
  await img.hover();
  await expect(embed.locator('[data-corkboard]').getByRole('button', { name: 'Save' })).toBeVisible();
  // The pin's own page is refused inside a frame (frame-ancestors 'none'): Chromium shows its error page in its stead.
  const direct = await (await page.locator('#direct').elementHandle())!.contentFrame();
  await expect.poll(() => direct!.url()).toBe('chrome-error://chromewebdata/');
  expect(await page.locator(`iframe[src^="${PRODUCT}/embed/pin/"]`).evaluate((f: HTMLIFrameElement) => f.src)).toContain(`/embed/pin/${pins.open}/`);
});

test('a board’s RSS feed parses with a real feed parser and lists a new pin with its image', async ({ request }) => {
  const res = await request.get(`${PRODUCT}/demo/travel.rss`);
  expect(res.status()).toBe(200);
  const feed = parseFeed(await res.text());
  expect(feed.meta.type).toBe('rss');
  expect(feed.url).toBe(`${PRODUCT}/demo/travel/`);
  const item = feed.items.find((i) => i.url === `${PRODUCT}/pin/${pins.open}/`);
  expect(item?.description).toBe(`A mountain lake at dawn ${run}`);
  expect(item?.media[0]?.url).toMatch(/\/media\/\d+\/736x\.jpg$/);
  // A reader polling with the ETag is told nothing changed; the secret board has no feed.
  const again = await request.get(`${PRODUCT}/demo/travel.rss`, { headers: { 'if-none-match': res.headers().etag! } });
  expect(again.status()).toBe(304);
  expect((await request.get(`${PRODUCT}/demo/gift-ideas.rss`)).status()).toBe(404);
});
