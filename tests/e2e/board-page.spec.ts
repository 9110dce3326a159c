import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, logIn, openPopup, pickBoard, unique } from './popup';
import { freshAccount } from './safety-helpers';

const logInAs = (page: Page, login: { email: string; password: string } = DEMO) =>
  page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
const logInDemo = (page: Page) => logInAs(page);

/** A resource write as the product's own page makes it (our Origin, a JSON body); answers the data. */
async function post<T = { id: string }>(page: Page, name: string, options: Record<string, unknown>): Promise<T> {
  const res = await page.request.post(`${PRODUCT}/resource/${name}/create/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status()).toBe(200);
  return (await res.json()).resource_response.data as T;
}

// A board page a stranger may see comes with its first screen drawn by the server, and the app takes its place:
// for that moment both are in the page, one of them hidden, so a CSS locator names the one that is seen (:visible).
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
  // The image's copies are made by the server's ingest job, just after the save.
  await expect.poll(() => readRows<{ image_id: string | null }>(`select image_id from pins where id = ?`, pinId)[0]?.image_id).toBeTruthy();
  const [pin] = readRows<{ image_id: string }>(`select image_id from pins where id = ?`, pinId);

  await page.goto(`${PRODUCT}/demo/${slugOf(name)}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Corkboard`);
  await expect(page.getByRole('link', { name: 'Demo Pinner' })).toHaveAttribute('href', '/demo/');
  await expect(page.locator('.board-meta .pin-count:visible')).toHaveText('1 Pin');
  const tile = page.getByRole('link', { name: 'Lemon tart, the easy way' });
  await expect(tile).toHaveAttribute('href', `/pin/${pinId}/`);
  // Our stored 236x rendition, not the publisher's file.
  const image = tile.getByRole('img');
  await expect(image).toHaveAttribute('src', `${PRODUCT}/media/${pin?.image_id}/236x.jpg`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(236);
  await expect(page.getByRole('button', { name: 'More Pins' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A pin that is only a link shows as its colour tile, first (newest).
  const [board] = readRows<{ id: string }>(`select id from boards where name = ?`, name);
  const linkOnly = await post(page, 'PinResource', { board_id: board?.id, link: 'https://publisher.example/notes', color: '#336699', method: 'button' });
  await page.reload();
  await expect(page.locator('.board-meta .pin-count:visible')).toHaveText('2 Pins');
  await expect(page.locator('.pin-grid a').first()).toHaveAttribute('href', `/pin/${linkOnly.id}/`);
  await expect(page.getByRole('link', { name: 'Link to publisher.example' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await tile.click();
  await expect(page).toHaveURL(`${PRODUCT}/pin/${pinId}/`);
  await expect(page.locator('.board-name')).toHaveText(name);
});

test('a board with sections lists them with their counts, and a section has its own page', async ({ page }) => {
  await page.goto(`${PRODUCT}/demo/home-decor/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home decor' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  // Counted from the pins themselves: the stored count may still have a save pending (api/src/counts/store.ts).
  const [lighting] = readRows<{ pin_count: number }>(
    `select count(*) as pin_count from pins join board_sections on board_sections.id = pins.section_id join boards on boards.id = board_sections.board_id where boards.name = 'Home decor' and board_sections.title = 'Lighting'`,
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
    // Answered in place, not sent home: a board's URL is where an invite mail lands (docs/decisions.md).
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

test('repinning a pin into a section of the board it is on goes to that board’s page', async ({ page }) => {
  const [home] = readRows<{ id: string }>(
    `select boards.id from boards join users on users.id = boards.owner_id where users.username = 'demo' and boards.name = 'Home decor'`,
  );
  // The demo account's pin on Home decor (not in a section), saved through the API as its popup would.
  await logInDemo(page);
  const original = await post(page, 'PinResource', {
    board_id: home?.id,
    image_url: `${EXAMPLES}/img/lemon-tart.png`,
    link: `${EXAMPLES}/?repin=${Math.random().toString(36).slice(2)}`,
    description: unique('A lamp to repin'),
    method: 'button',
  });

  // Someone who collaborates on Home decor (as an operator would set it up: invites are accepted outside the popup).
  const friend = freshAccount('repinner');
  const [user] = readRows<{ id: string }>(`select id from users where username = ?`, friend.username);
  writeRows(`insert into board_collaborators (board_id, user_id, status, created_at) values (?, ?, 'accepted', ?)`, home?.id, user?.id, Date.now());
  await page.context().clearCookies();
  await logInAs(page, friend);

  // A section of another board: the success screen, as before.
  const otherName = unique('Elsewhere');
  const other = await post(page, 'BoardResource', { name: otherName });
  const otherSection = unique('Corner');
  await post(page, 'BoardSectionResource', { board_id: other.id, name: otherSection });
  await page.goto(`${PRODUCT}/pin/${original.id}/repin/x/`);
  await pickBoard(page, otherName);
  await page.getByRole('button', { name: new RegExp(`^${otherSection}`) }).click();
  await expect(page.getByRole('heading', { name: `Saved to ${otherSection} in ${otherName}` })).toBeVisible();
  await expect(page).toHaveURL(`${PRODUCT}/pin/${original.id}/repin/x/`);

  // A section of the pin's own board: once saved, the board's page.
  await page.goto(`${PRODUCT}/pin/${original.id}/repin/x/`);
  await pickBoard(page, 'Home decor');
  await expect(page.getByRole('heading', { name: 'Choose section' })).toBeVisible();
  await page.getByRole('button', { name: /^Lighting/ }).click();
  await expect(page).toHaveURL(`${PRODUCT}/demo/home-decor/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home decor' })).toBeVisible();

  const copies = readRows<{ id: string; section: string | null; board: string }>(
    `select pins.id, board_sections.title as section, boards.name as board from pins join boards on boards.id = pins.board_id left join board_sections on board_sections.id = pins.section_id where pins.pinner_id = ? order by pins.created_at`,
    user?.id,
  );
  expect(copies.map(({ board, section }) => ({ board, section }))).toEqual([
    { board: otherName, section: otherSection },
    { board: 'Home decor', section: 'Lighting' },
  ]);
  // The new pin is on the page it landed on, linking to itself: in the drawn first screen until the app takes its
  // place (both are in the page for a moment, the app's hidden), so the one on screen.
  await expect(page.locator(`.pin-grid a[href="/pin/${copies[1]?.id}/"]:visible`)).toHaveCount(1);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a board page in French (?lang=fr): its words, counts, organising and title, none left in English', async ({ page }) => {
  await logInDemo(page);
  const name = unique('Tableau');
  const board = await post(page, 'BoardResource', { name });
  await post(page, 'PinResource', { board_id: board.id, link: 'https://publisher.example/fr', color: '#336699', method: 'button' });
  await page.goto(`${PRODUCT}/demo/${slugOf(name)}/?lang=fr`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.board-meta:visible')).toContainText('par Demo Pinner');
  await expect(page.locator('.board-meta .pin-count:visible')).toHaveText('1 épingle');
  // The header (main bundle, en.ts) and the page (its own lazy words) both in French.
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Créer une épingle' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer le tableau' })).toBeVisible();
  await page.getByRole('button', { name: 'Organiser' }).click();
  const bar = page.getByRole('group', { name: 'Organiser les épingles' });
  await expect(bar).toContainText('Choisissez les épingles à organiser.');
  await page.locator('.pin-grid.choosing input[type=checkbox]').first().check();
  await expect(bar).toContainText('1 épingle choisie.');
  await expect(page.getByRole('button', { name: 'Terminer l’organisation' })).toBeVisible();
  await expect(page.getByText(/Organise|Delete board|Choose Pins|More Pins|Not found/)).toHaveCount(0);
});
