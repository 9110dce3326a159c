import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readRows } from './db';
import { PRODUCT } from './origins';
import { unique } from './popup';
import { freshAccount } from './safety-helpers';

/** Issue 28: search your pins as you type, public search, following a board, the feed and the follow lists. */

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

const logIn = (request: APIRequestContext, login: { email: string; password: string }) =>
  request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });

async function post(request: APIRequestContext, resource: string, options: Record<string, unknown>) {
  const res = await request.post(`${PRODUCT}/resource/${resource}/create/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).resource_response.data;
}

const makeBoard = async (request: APIRequestContext, name: string, privacy = 'public') =>
  (await post(request, 'BoardResource', { name, privacy })) as { id: string; url: string };
const savePin = async (request: APIRequestContext, boardId: string, title: string, description = '') =>
  (
    await post(request, 'PinResource', {
      board_id: boardId,
      title,
      description,
      link: `https://${title.toLowerCase().replace(/\W+/g, '-')}.example/`,
      color: '#d9a441',
      method: 'button',
    })
  ).id as string;

/** A second person in their own browser context, logged in. */
async function person(browser: Browser, prefix: string, firstName: string, locale?: string) {
  const account = freshAccount(prefix, firstName);
  const context = await browser.newContext(locale ? { locale } : {});
  await logIn(context.request, account);
  return { account, context, page: await context.newPage() };
}

test('typing in search finds your own pins and boards; public search finds public pins only', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await person(browser, 'seeker', 'Sam');
  const word = unique('Brass').split(' ')[1]!; // a word no other run's pins hold
  const kitchen = await makeBoard(me.context.request, `Kitchen ${word}`);
  const hidden = await makeBoard(me.context.request, `Hidden ${word}`, 'secret');
  const lamp = await savePin(me.context.request, kitchen.id, `Crème brûlée lamp ${word}`, 'Warm light #Cuisine');
  const secretLamp = await savePin(me.context.request, hidden.id, `Secret lamp ${word}`);

  const page = me.page;
  await page.goto(`${PRODUCT}/`);
  const box = page.getByLabel('Search your Pins and boards');
  await box.focus();
  // Typed as a person types, without the accents and in capitals: the pins of both boards are hers.
  // The results are the search section's (the home page lists the latest pins too).
  const results = page.getByRole('region', { name: 'Search your Pins' });
  await page.keyboard.type(`CREME ${word.slice(0, 3)}`);
  await expect(results.getByRole('link', { name: `Search everyone’s Pins for “CREME ${word.slice(0, 3)}”` })).toBeVisible();
  await expect(results.locator(`a[href="/pin/${lamp}/"]`)).toBeVisible();
  await expect(results.locator(`a[href="/pin/${secretLamp}/"]`)).toHaveCount(0);
  await box.fill(`lamp ${word}`);
  await expect(results.locator(`a[href="/pin/${secretLamp}/"]`)).toBeVisible();
  await expect(results.locator(`a[href="/pin/${lamp}/"]`)).toBeVisible();
  await box.fill(`${word} kitch`);
  await expect(results.getByRole('link', { name: `Kitchen ${word}` })).toHaveAttribute('href', kitchen.url);
  await box.fill('"*:()');
  await expect(results.getByText('No Pins match “"*:()”.')).toBeVisible();
  await axeClean(page);

  // Everyone's pins: the public board's pin, never the secret one; a visitor sees the same.
  await box.fill(`lamp ${word}`);
  await page.getByRole('link', { name: `Search everyone’s Pins for “lamp ${word}”` }).click();
  await expect(page).toHaveURL(`${PRODUCT}/search/pins/?q=${encodeURIComponent(`lamp ${word}`)}`);
  await expect(page.locator(`a[href="/pin/${lamp}/"]`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pins from everyone' }).locator('a[href^="/pin/"]')).toHaveCount(1);
  await axeClean(page);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${PRODUCT}/search/pins/?q=${encodeURIComponent('#cuisine')}`);
  await expect(visitor.locator(`a[href="/pin/${lamp}/"]`)).toBeVisible();
  await visitor.getByLabel('Search Pins').fill(`secret ${word}`);
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(visitor.getByText(`No Pins match “secret ${word}”.`)).toBeVisible();
  await axeClean(visitor);
  await visitor.context().close();
  await me.context.close();
});

test('follow a board and see its new pin in the feed; the counts are links to the lists', async ({ browser }) => {
  test.setTimeout(120_000);
  const maker = await person(browser, 'maker', 'Mona');
  const fan = await person(browser, 'fan', 'Finn');
  const garden = await makeBoard(maker.context.request, unique('Garden'));
  const gardenName = readRows<{ name: string }>(`select name from boards where id = ?`, garden.id)[0]!.name;

  const page = fan.page;
  await page.goto(`${PRODUCT}${garden.url}`);
  await expect(page.locator('.board-followers')).toHaveText('0 followers');
  await page.getByRole('button', { name: `Follow the board ${gardenName}` }).click();
  await expect(page.getByRole('button', { name: `Following the board ${gardenName}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.board-followers')).toHaveText('1 follower');
  await expect.poll(() => readRows(`select 1 from board_follows where board_id = ?`, garden.id).length).toBe(1);
  await axeClean(page);

  // The maker saves a new pin to the board: it comes to the fan's home feed.
  const fresh = await savePin(maker.context.request, garden.id, unique('Tulips'));
  await page.goto(`${PRODUCT}/`);
  const feed = page.getByRole('region', { name: 'From people and boards you follow' });
  await expect(feed.locator(`a[href="/pin/${fresh}/"]`)).toBeVisible();
  await axeClean(page);

  // "1 following" on the fan's profile is a link to the list, which names the board.
  await page.goto(`${PRODUCT}/${fan.account.username}/`);
  await page.getByRole('link', { name: '1 following' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/${fan.account.username}/_following/`);
  await expect(page.getByRole('region', { name: 'Boards' }).getByRole('link', { name: gardenName })).toHaveAttribute('href', garden.url);
  await axeClean(page);

  // Following the maker: "1 follower" on her profile leads to her followers.
  await page.goto(`${PRODUCT}/${maker.account.username}/`);
  await page.getByRole('button', { name: 'Follow Mona' }).click();
  await page.getByRole('link', { name: '1 follower', exact: true }).click();
  await expect(page).toHaveURL(`${PRODUCT}/${maker.account.username}/_followers/`);
  await expect(page.getByRole('region', { name: 'Followers' }).getByRole('link', { name: 'Finn' })).toHaveAttribute('href', `/${fan.account.username}/`);
  await axeClean(page);
  await maker.context.close();
  await fan.context.close();
});

test('in French: the search box, Follow on a board, the feed and "1 abonné"', async ({ browser }) => {
  test.setTimeout(120_000);
  const maker = await person(browser, 'createur', 'Chloé');
  const fan = await person(browser, 'abonne', 'Fanny', 'fr-FR');
  const board = await makeBoard(maker.context.request, unique('Cuisine'));
  const boardName = readRows<{ name: string }>(`select name from boards where id = ?`, board.id)[0]!.name;
  const word = unique('Tarte').split(' ')[1]!;
  const mine = await savePin(fan.context.request, (await makeBoard(fan.context.request, `Desserts ${word}`)).id, `Tarte tatin ${word}`);

  const page = fan.page;
  await page.goto(`${PRODUCT}${board.url}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: `Suivre le tableau ${boardName}` }).click();
  await expect(page.locator('.board-followers')).toHaveText('1 abonné');
  await axeClean(page);

  const fresh = await savePin(maker.context.request, board.id, unique('Quiche'));
  await page.goto(`${PRODUCT}/`);
  await expect(page.getByRole('region', { name: 'Des personnes et tableaux que vous suivez' }).locator(`a[href="/pin/${fresh}/"]`)).toBeVisible();
  // The box is live once the app has taken over home's drawn first screen (where it is held, disabled).
  await page.getByRole('searchbox', { name: 'Rechercher dans vos épingles et tableaux', disabled: false }).fill(`tatin ${word}`);
  await expect(page.getByRole('region', { name: 'Rechercher dans vos épingles' }).locator(`a[href="/pin/${mine}/"]`)).toBeVisible();
  await axeClean(page);

  await page.goto(`${PRODUCT}/${maker.account.username}/`);
  await page.getByRole('button', { name: 'Suivre Chloé' }).click();
  await expect(page.getByRole('link', { name: '1 abonné', exact: true })).toHaveAttribute('href', `/${maker.account.username}/_followers/`);
  await page.goto(`${PRODUCT}/${fan.account.username}/`);
  await page.getByRole('link', { name: '2 abonnements' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Abonnements de @${fan.account.username}`);
  await axeClean(page);
  await maker.context.close();
  await fan.context.close();
});
