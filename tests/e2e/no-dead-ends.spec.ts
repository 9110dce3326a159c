import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations as expectNoAxe, withFlag } from './auth-helpers';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/**
 * The places a person got stuck or surprised, each driven through the real pages: every page has
 * the way home, the save popup refuses before its picker when creation is off, and the rest below.
 */
const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);

async function signedIn(page: Page, prefix: string) {
  const me = freshAccount(prefix);
  await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
  return me;
}

test('log-in, sign-up, business sign-up and the bookmarklet page show the site header with the way home', async ({ page }) => {
  for (const path of ['/login', '/signup', '/business/create/', '/bookmarklet']) {
    await page.goto(`${PRODUCT}${path}`);
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Search' })).toBeVisible();
  }
});

test('with every new pin turned off, the popup says so before any board is picked', async ({ page, context }) => {
  const me = await signedIn(page, 'off');
  await withFlag(context, 'pin_creation_disable_all');
  const media = `${EXAMPLES}/img/lemon-tart.png`;
  await page.goto(`${PRODUCT}/pin/create/button/?url=${encodeURIComponent(`${EXAMPLES}/`)}&media=${encodeURIComponent(media)}&description=Tart`);
  await expect(page.getByRole('alert')).toHaveText('Creating Pins is turned off for your account right now.');
  await expect(page.getByRole('heading', { name: 'Choose board' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'All boards' })).toHaveCount(0);
  const pins = readRows<{ n: number }>('SELECT COUNT(*) AS n FROM pins p JOIN users u ON u.id = p.pinner_id WHERE u.email = ?', me.email);
  expect(Number(pins[0]?.n)).toBe(0);
});

test('archived boards are listed from the owner’s profile, linked to their pages, and to no one else', async ({ page, browser }) => {
  const me = await signedIn(page, 'arch');
  const name = `Old flat ${Date.now()}`;
  const board = (await post(page, 'BoardResource', 'create', { name })).data as { id: string; url: string };
  await post(page, 'BoardResource', 'update', { board_id: board.id, archived: true });

  await page.goto(`${PRODUCT}/${me.username}/`);
  await expect(page.getByRole('region', { name: 'Your boards' }).getByText(name)).toHaveCount(0);
  await page.getByRole('link', { name: 'Archived boards' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/${me.username}/_archived/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Archived boards' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(`${PRODUCT}${board.url}`);
  await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible();

  // A stranger finds the page empty and no link to it on the profile.
  const stranger = await browser.newPage();
  await stranger.goto(`${PRODUCT}/${me.username}/`);
  await expect(stranger.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Archived boards' })).toHaveCount(0);
  await stranger.goto(`${PRODUCT}/${me.username}/_archived/`);
  await expect(stranger.getByText('No archived boards.', { exact: false })).toBeVisible();
  await expect(stranger.getByText(name)).toHaveCount(0);
  await stranger.close();
});

test('a business owner gets the Protected switch on Create board without any advertiser in the address; a pinner does not', async ({ page, browser }) => {
  const me = await signedIn(page, 'prot');
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: 'Protected Lamps', country: 'US' })).data
    .advertiser_id as string;
  await page.goto(`${PRODUCT}/board/create/`);
  const protect = page.getByRole('switch', { name: /Protected/ });
  await expect(protect).toBeVisible();
  await expect(protect).toBeEnabled();
  const name = `Launch ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await protect.check();
  // Protected boards take no collaborators and are not secret: those controls go.
  await expect(page.getByRole('switch', { name: /Secret/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect
    .poll(() =>
      readRows<{ privacy: string; advertiser_id: string }>(
        'select b.privacy, b.advertiser_id from boards b join users u on u.id = b.owner_id where u.email = ? and b.name = ?',
        me.email,
        name,
      ),
    )
    .toEqual([{ privacy: 'protected', advertiser_id: advertiserId }]);

  const pinner = await browser.newPage();
  await signedIn(pinner, 'plain');
  await pinner.goto(`${PRODUCT}/board/create/`);
  await expect(pinner.getByLabel('Name')).toBeVisible();
  await expect(pinner.getByRole('switch', { name: /Secret/ })).toBeVisible();
  await expect(pinner.getByRole('switch', { name: /Protected/ })).toHaveCount(0);
  await pinner.close();
});

test('Save on a pin page opens the board picker in a dialog on the page and says where the pin went', async ({ page, browser }) => {
  const author = await browser.newPage();
  await signedIn(author, 'author');
  const theirs = (await post(author, 'BoardResource', 'create', { name: `Lamps ${Date.now()}` })).data as { id: string };
  const pin = (await post(author, 'PinResource', 'create', { board_id: theirs.id, link: `${EXAMPLES}/notes.html`, color: '#336699', title: 'A brass lamp' }))
    .data as { id: string };
  await author.close();

  const me = await signedIn(page, 'saver');
  const mine = `Keep ${Date.now()}`;
  await post(page, 'BoardResource', 'create', { name: mine });
  await page.goto(`${PRODUCT}/pin/${pin.id}/`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save' });
  await expect(dialog.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await expectNoAxe(page);
  await dialog
    .getByRole('list', { name: 'All boards' })
    .getByRole('button', { name: new RegExp(`^${mine}`) })
    .click();
  await expect(dialog).toHaveCount(0);
  // The tab is still the pin's page, which says where the pin went.
  await expect(page).toHaveURL(`${PRODUCT}/pin/${pin.id}/`);
  await expect(page.getByRole('status').getByRole('link', { name: mine })).toBeVisible();
  await expect
    .poll(() =>
      readRows<{ title: string }>(
        'select p.title from pins p join boards b on b.id = p.board_id join users u on u.id = p.pinner_id where u.email = ? and b.name = ?',
        me.email,
        mine,
      ),
    )
    .toEqual([{ title: 'A brass lamp' }]);

  // Escape closes the dialog and saves nothing.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A visitor's Save goes through log-in and comes back to this page with the dialog open.
  const visitor = await browser.newPage();
  await visitor.goto(`${PRODUCT}/pin/${pin.id}/`);
  await expect(visitor.getByRole('link', { name: 'Save', exact: true })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/pin/${pin.id}/?save=1`)}`);
  await visitor.close();
});

test('search tiles are captioned, a bookmark without an image is a title card, search spans the page and the home search shows its whole placeholder', async ({
  page,
}) => {
  await signedIn(page, 'tiles');
  const word = `finch${Date.now().toString(36)}`;
  const board = (await post(page, 'BoardResource', 'create', { name: `Birds ${word}` })).data as { id: string };
  await post(page, 'PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/notes.html`, color: '#336699', title: `Bookmark ${word}` });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PRODUCT}/search/pins/?q=${word}`);
  const tile = page.locator('.pin-grid a.tile').first();
  await expect(tile.locator('.tile-card')).toHaveText(`Bookmark ${word}`);
  await expect(tile.locator('.tile-title')).toHaveText(`Bookmark ${word}`);
  await expect(tile.locator('.tile-host')).toHaveText(new URL(EXAMPLES).hostname);
  await expect(tile.locator('.colour-tile')).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(`Bookmark ${word}`) })).toBeVisible();
  // Not a 410 px card: the results use the page's width.
  expect((await page.locator('main').boundingBox())!.width).toBeGreaterThan(900);
  await expectNoAxe(page);

  await page.goto(`${PRODUCT}/`);
  const box = page.locator('#my-search-box');
  await expect(box).toBeVisible();
  const fits = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
});

test('a password typed straight on while the sign-up form turns into log-in loses no key', async ({ page }) => {
  const me = freshAccount('typist');
  // The existence check answers while the person is still typing (held a moment, so the switch lands mid-word).
  await page.route('**/v3/register/exists/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await route.continue();
  });
  await page.goto(`${PRODUCT}/signup`);
  await page.locator('#signup-email, input[type=email]').first().fill(me.email);
  await page.locator('#signup-password').focus();
  await page.keyboard.type(me.password, { delay: 25 });
  await expect(page.locator('#login-password')).toBeFocused();
  await expect(page.locator('#login-password')).toHaveValue(me.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${PRODUCT}/`);
});

test('the follow container shows the creator’s face even without a picture', async ({ browser }) => {
  const creator = freshAccount('facey', 'Fiona');
  const visitor = await browser.newPage();
  await visitor.goto(`${PRODUCT}/${creator.username}/`);
  await visitor.getByRole('button', { name: /^Follow / }).click();
  await visitor.locator('.login-prompt').getByRole('link').first().click();
  await expect(visitor).toHaveURL(/container=follow/);
  const card = visitor.locator('.auth-creator');
  await expect(card).toContainText('Fiona');
  await expect(card.locator('.avatar')).toBeVisible();
  await expect(card.locator('.avatar')).toHaveText('F');
  await visitor.close();
});

test('the creator card on a pin page follows its creator, and its follower count moves with the button', async ({ page, browser }) => {
  const author = await browser.newPage();
  const creator = await signedIn(author, 'creator');
  const board = (await post(author, 'BoardResource', 'create', { name: `Chairs ${Date.now()}` })).data as { id: string };
  const pin = (await post(author, 'PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/notes.html`, color: '#336699', title: 'An oak chair' }))
    .data as { id: string };
  await author.close();

  const me = await signedIn(page, 'fan');
  await page.goto(`${PRODUCT}/pin/${pin.id}/`);
  const card = page.getByRole('complementary', { name: 'Creator' });
  await expect(card.locator('.followers')).toHaveText('0 followers');
  await card.getByRole('button', { name: /^Follow / }).click();
  await expect(card.getByRole('button', { name: /^Following / })).toBeVisible();
  await expect(card.locator('.followers')).toHaveText('1 follower');
  await expect
    .poll(() =>
      readRows(
        'select 1 from follows f join users a on a.id = f.follower_id join users b on b.id = f.followee_id where a.email = ? and b.email = ?',
        me.email,
        creator.email,
      ),
    )
    .toHaveLength(1);
  await page.reload();
  await expect(card.locator('.followers')).toHaveText('1 follower');
  await expect(card.getByRole('button', { name: /^Following / })).toBeVisible();
});

test('a business sees the partner link check in the pin builder; a pinner does not', async ({ page, browser }) => {
  await signedIn(page, 'partner');
  await post(page, 'BusinessConvertResource', 'create', { business_name: 'Partner Lamps', country: 'US' });
  await page.goto(`${PRODUCT}/pin-builder/`);
  const check = page.getByRole('button', { name: 'Check link' });
  await expect(check).toBeVisible();
  await expect(check).toBeDisabled();
  await page.getByLabel('Link', { exact: true }).fill(`${EXAMPLES}/notes.html`);
  await check.click();
  await expect(page.locator('.link-check').getByRole('status')).toHaveText(`The link works: people will land on ${EXAMPLES}/notes.html.`);
  await expectNoAxe(page);

  const pinner = await browser.newPage();
  await signedIn(pinner, 'notpartner');
  await pinner.goto(`${PRODUCT}/pin-builder/`);
  await expect(pinner.getByLabel('Link')).toBeVisible();
  await expect(pinner.getByRole('button', { name: 'Check link' })).toHaveCount(0);
  await pinner.close();
});

test('a website proved from settings makes its owner the domain’s official account, shown on their pin’s creator card, until they un-claim it', async ({
  page,
  browser,
}) => {
  const me = await signedIn(page, 'official');
  const domain = new URL(EXAMPLES).host;
  const official = () => readRows<{ verified_domain: string | null }>('select verified_domain from users where email = ?', me.email)[0]?.verified_domain;
  await page.goto(`${PRODUCT}/settings/claim/`);
  await page.getByRole('textbox', { name: 'Website' }).fill(`${EXAMPLES}/`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  const claim = page.locator('section.website-claim');
  await expect(claim.getByRole('heading', { name: 'Official website' })).toBeVisible();
  await claim.getByRole('button', { name: `Claim ${domain}` }).click();
  const tag = await claim.getByLabel('Verification tag').inputValue();
  expect(tag).toMatch(/^<meta name="corkboard-site-verification" content="[^"]+">$/);
  // Not on the site yet: the check says so, and nothing is held.
  await claim.getByRole('button', { name: 'Check my website' }).click();
  await expect(claim.getByRole('alert')).toHaveText("We couldn't find your verification tag on your website.");
  expect(official()).toBeNull();
  await expectNoAxe(page);

  // The site's owner pastes the tag on the demo site's settings page; it goes into the home page's head.
  const site = await browser.newPage();
  await site.goto(`${EXAMPLES}/site-settings/`);
  await site.getByLabel('Verification tag').fill(tag);
  await site.getByRole('button', { name: 'Add to the home page' }).click();
  try {
    await claim.getByRole('button', { name: 'Check my website' }).click();
    await expect(claim).toContainText(`Your account is the official account of ${domain}.`);
    await expect(claim.getByRole('alert')).toHaveCount(0);
    expect(official()).toBe(domain);

    // Their pin's page, as a visitor sees it: the creator card says whose official account this is.
    const board = (await post(page, 'BoardResource', 'create', { name: `Tarts ${Date.now()}` })).data as { id: string };
    const pin = (await post(page, 'PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/`, color: '#aa8844', title: 'Lemon tart' })).data as {
      id: string;
    };
    const visitor = await browser.newPage();
    await visitor.goto(`${PRODUCT}/pin/${pin.id}/`);
    const card = visitor.getByRole('complementary', { name: 'Creator' });
    await expect(card).toContainText(`Official account of ${domain}`);
    // A verified identity's follower count is shown to visitors too.
    await expect(card.locator('.followers')).toHaveText('0 followers');

    await claim.getByRole('button', { name: `Un-claim ${domain}` }).click();
    await expect(claim.getByRole('status')).toHaveText(`You are no longer the official account of ${domain}.`);
    expect(official()).toBeNull();
    await visitor.reload();
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Official account');
    await visitor.close();
  } finally {
    await site.getByRole('button', { name: 'Remove all tags' }).click();
    await site.close();
  }
});
