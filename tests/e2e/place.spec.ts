import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, unique } from './popup';
import { admin, freshAccount, logInWith, outboxText } from './safety-helpers';
import { STRONG } from './auth-helpers';

/** Issue 19, "a place to come back to": after a save there is somewhere to go, by keyboard alone. */

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

/** Follows a link as a keyboard user does: focus it, press Enter. */
async function follow(page: Page, link: Locator) {
  await link.focus();
  await page.keyboard.press('Enter');
}

/**
 * Moves focus with Tab (or Shift+Tab) only, until `target` has it; fails if it is never reached or if the
 * focused element shows no visible focus ring (WCAG 2.4.7).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el.matches(':focus')).catch(() => false)) {
      const ring = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none' || style.textDecorationLine.includes('underline'));
      });
      expect(ring, 'the focused control shows where focus is').toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

test('save from the publisher → See it now → pin page → board → profile → home, keyboard only', async ({ page, context }) => {
  const name = unique('Come back');
  // The board exists beforehand; the viewer is logged in (the popup's own log-in form is covered elsewhere).
  await logInAs(page, DEMO);
  const made = await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name } }, headers: { Origin: PRODUCT } });
  expect(made.status()).toBe(200);
  const [board] = readRows<{ slug: string }>(`select slug from boards where name = ?`, name);

  // The publisher's page: Tab to its Save button, Enter opens the popup.
  await page.goto(`${EXAMPLES}/`);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    tabTo(page, page.getByRole('button', { name: 'Save' }).first()).then(() => page.keyboard.press('Enter')),
  ]);
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await axeClean(popup);

  // The picker: the search field, typed into, narrows the list; Tab to the board, Enter saves to it.
  const search = popup.getByLabel('Search your boards');
  await tabTo(popup, search);
  await popup.keyboard.type(name);
  const row = popup.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(row).toHaveCount(1);
  await tabTo(popup, row);
  await popup.keyboard.press('Enter');

  // The success screen takes focus (the pressed row is gone): 'See it now' has it, and Enter opens it in a new tab.
  const seeIt = popup.getByRole('link', { name: 'See it now' });
  await expect(popup.getByRole('heading', { name: `Saved to ${name}` })).toBeVisible();
  const pinPath = (await seeIt.getAttribute('href')) ?? '';
  const pinId = /^\/pin\/(\d+)\/$/.exec(pinPath)?.[1];
  expect(pinId).toBeTruthy();
  await expect(seeIt).toBeFocused();
  await expect(seeIt).toHaveCSS('outline-style', 'solid');
  const [pinPage] = await Promise.all([context.waitForEvent('page'), popup.keyboard.press('Enter')]);
  await pinPage.waitForLoadState();
  await expect(pinPage).toHaveURL(`${PRODUCT}${pinPath}`);

  // The pin page: Save (a repin), Visit, its board and its pinner; the header.
  const header = pinPage.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/demo/');
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
  // Save opens the board picker in a dialog on this page (no-dead-ends.spec.ts drives it).
  await expect(pinPage.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(pinPage.getByRole('link', { name: /^Visit / })).toBeVisible();
  // (The publisher's domain is the demo user's, so a creator card names Demo Pinner too.)
  const savedTo = pinPage.locator('.board-line');
  await expect(savedTo.getByRole('link', { name: 'Demo Pinner' })).toHaveAttribute('href', '/demo/');
  await axeClean(pinPage);
  await tabTo(pinPage, savedTo.getByRole('link', { name }));
  await pinPage.keyboard.press('Enter');

  // The board page, and from it its owner's profile.
  await expect(pinPage).toHaveURL(`${PRODUCT}/demo/${board?.slug}/`);
  await expect(pinPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await axeClean(pinPage);
  await tabTo(pinPage, pinPage.locator('.board-meta').getByRole('link', { name: 'Demo Pinner' }));
  await pinPage.keyboard.press('Enter');

  // The profile lists the board with its cover and counts.
  await expect(pinPage).toHaveURL(`${PRODUCT}/demo/`);
  await expect(pinPage.getByRole('heading', { level: 1, name: 'Demo Pinner' })).toBeVisible();
  const card = pinPage.getByRole('region', { name: 'Your boards' }).getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(card).toHaveAttribute('href', `/demo/${board?.slug}/`);
  await expect(card.locator('.board-card-meta')).toHaveText('1 Pin');
  await expect(card.locator('img.board-cover')).toHaveAttribute('src', /\/media\/\d+\/236x\.jpg$/);
  await axeClean(pinPage);

  // Home: the latest pin first, and the boards.
  await tabTo(pinPage, header.getByRole('link', { name: 'Home' }));
  await pinPage.keyboard.press('Enter');
  await expect(pinPage).toHaveURL(`${PRODUCT}/`);
  await expect(pinPage.getByRole('heading', { level: 1, name: 'Welcome back, Demo Pinner' })).toBeVisible();
  const latest = pinPage.getByRole('region', { name: 'Your latest Pins' });
  await expect(latest.locator('.pin-grid a').first()).toHaveAttribute('href', pinPath);
  await expect(pinPage.getByRole('region', { name: 'Your boards' }).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  await axeClean(pinPage);

  // The pin page's Save opens the board picker in a dialog on the page itself (a repin of that pin).
  await pinPage.goto(`${PRODUCT}${pinPath}`);
  await tabTo(pinPage, pinPage.getByRole('button', { name: 'Save', exact: true }));
  await pinPage.keyboard.press('Enter');
  await expect(pinPage.getByRole('dialog', { name: 'Save' }).getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await expect(pinPage).toHaveURL(`${PRODUCT}${pinPath}`);
});

test('a visitor sees public boards only, and the header offers log in', async ({ page }) => {
  await page.goto(`${PRODUCT}/demo/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Pinner' })).toBeVisible();
  const boards = page.getByRole('region', { name: 'Boards' });
  await expect(boards.getByRole('listitem').first()).toBeVisible();
  await expect(boards.getByText('Secret', { exact: true })).toHaveCount(0);
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/demo/')}`);
  await axeClean(page);

  await page.goto(`${PRODUCT}/nobody_here/`);
  await expect(page.getByRole('alert')).toHaveText("Sorry, we couldn't find that profile.");
  await axeClean(page);
});

const logInAs = (page: Page, login: { email: string; password: string }) =>
  page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
const demoId = () => readRows<{ id: string }>(`select id from users where email = ?`, DEMO.email)[0]!.id;
const follows = (follower: string, followee: string) => readRows(`select 1 from follows where follower_id = ? and followee_id = ?`, follower, followee).length;

test('the success screen’s creator card follows its creator', async ({ page }) => {
  const creator = `${Date.now()}7`;
  const domain = `kitchen${creator}.example`;
  writeRows(
    `insert into users (id, email, username, first_name, last_name, verified_domain, created_at) values (?, ?, ?, 'Sunday', 'Kitchen', ?, 0)`,
    creator,
    `c${creator}@example.com`,
    `k${creator}`,
    domain,
  );
  await logInAs(page, DEMO);
  await page.goto(
    `${PRODUCT}/pin/create/button/?${new URLSearchParams({ url: `https://${domain}/tart`, media: `${EXAMPLES}/img/lemon-tart.png`, description: 'Tart' })}`,
  );
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByLabel('Name', { exact: true }).fill(unique('Creators'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const card = page.getByRole('complementary', { name: 'Creator' });
  await expect(card).toContainText('Sunday Kitchen');
  await card.getByRole('button', { name: 'Follow Sunday Kitchen' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Following Sunday Kitchen' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => follows(demoId(), creator)).toBe(1);
  await axeClean(page);
});

test('buttonFollow on the publisher page opens a profile that can be followed; a visitor is asked to log in', async ({ page, context, browser }) => {
  // Two accounts, three pages and four axe runs on a shared 2-core machine: more room than the default minute.
  test.setTimeout(120_000);
  const fan = freshAccount('fan', 'Fern');
  await logInAs(page, fan);
  await page.goto(`${EXAMPLES}/buttons.html`);
  const [profile] = await Promise.all([context.waitForEvent('page'), page.locator('#follow').getByRole('button').click()]);
  await expect(profile).toHaveURL(`${PRODUCT}/demo/?follow=1`);
  const followButton = profile.getByRole('button', { name: 'Follow Demo Pinner' });
  await expect(followButton).toBeFocused();
  const before = Number((await profile.locator('.follower-count').textContent())?.split(' ')[0]);
  await profile.keyboard.press('Enter');
  await expect(profile.getByRole('button', { name: 'Following Demo Pinner' })).toBeVisible();
  await expect(profile.locator('.follower-count')).toHaveText(`${before + 1} ${before + 1 === 1 ? 'follower' : 'followers'}`);
  const [fanRow] = readRows<{ id: string }>(`select id from users where email = ?`, fan.email);
  await expect.poll(() => follows(fanRow!.id, demoId())).toBe(1);
  await axeClean(profile);
  // Reloaded, the profile still says Following (followedByMe).
  await profile.reload();
  await expect(profile.getByRole('button', { name: 'Following Demo Pinner' })).toHaveAttribute('aria-pressed', 'true');
  // The follower list (newest first) has the fan at its top.
  await profile.locator('.follower-count').click();
  await expect(profile.getByRole('region', { name: 'Followers' }).getByRole('link').first()).toHaveText('Fern');
  await axeClean(profile);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${PRODUCT}/demo/`);
  await visitor.getByRole('button', { name: 'Follow Demo Pinner' }).click();
  await expect(visitor.getByText('Log in to follow')).toBeVisible();
  await expect(visitor.locator('.login-prompt').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent('/demo/')}&container=follow&creator=demo`,
  );
  await axeClean(visitor);
});

test('an email invite: the mail’s link, log in, Accept, save to the group board; the owner sees and removes them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await logInAs(page, DEMO);
  const name = unique('Trip');
  const board = await (
    await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name, privacy: 'secret' } }, headers: { Origin: PRODUCT } })
  ).json();
  const boardId: string = board.resource_response.data.id;
  const boardUrl: string = board.resource_response.data.url;
  const email = `invitee${Date.now().toString(36)}@example.com`;
  await page.request.post(`${PRODUCT}/resource/BoardInviteResource/create/`, {
    data: { options: { board_id: boardId, emails: [email] } },
    headers: { Origin: PRODUCT },
  });
  const mail = await outboxText(page, email);
  const link = /http:\/\/\S+\/$/m.exec(mail)?.[0] ?? '';
  expect(link).toBe(`${PRODUCT}${boardUrl}`);

  // A new account with the invited email (made after the invite), who follows the mail's link.
  admin('create', email, STRONG, 'Ines');
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toHaveText("Sorry, we couldn't find that board.");
  await follow(invitee, invitee.getByRole('main').getByRole('link', { name: 'Log in' }));
  await logInWith(invitee, email, STRONG);
  await expect(invitee).toHaveURL(link);
  const notice = invitee.getByRole('complementary', { name: 'Invite' });
  await expect(notice).toContainText(`Demo Pinner invited you to collaborate on ${name}.`);
  await axeClean(invitee);
  await notice.getByRole('button', { name: 'Accept' }).focus();
  await invitee.keyboard.press('Enter');
  await expect(invitee.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(invitee.getByRole('region', { name: 'Collaborators' }).getByRole('button', { name: 'Leave board' })).toBeVisible();
  await axeClean(invitee);
  // Now a member: the board is in their picker and takes their pin.
  const saved = await invitee.request.post(`${PRODUCT}/resource/PinResource/create/`, {
    data: { options: { board_id: boardId, link: `${EXAMPLES}/notes.html`, color: '#336699' } },
    headers: { Origin: PRODUCT },
  });
  expect(saved.status()).toBe(200);
  const picker = await (await invitee.request.get(`${PRODUCT}/resource/BoardPickerBoardsResource/get/?data=${encodeURIComponent('{"options":{}}')}`)).json();
  expect(picker.resource_response.data.all_boards.find((b: { id: string }) => b.id === boardId)).toMatchObject({ is_collaborative: true });

  // The owner sees them on the board and removes them (optimistic); they are gone from the database.
  await page.goto(`${PRODUCT}${boardUrl}`);
  const people = page.getByRole('region', { name: 'Collaborators' });
  await expect(people.getByRole('link', { name: 'Ines' })).toBeVisible();
  await axeClean(page);
  await people.getByRole('button', { name: 'Remove Ines' }).click();
  await expect(people).toHaveCount(0);
  await expect.poll(() => readRows(`select 1 from board_collaborators where board_id = ?`, boardId).length).toBe(0);
});

test('organising a board: a move the server refuses rolls back on screen, a move it takes sticks, and the owner deletes a board', async ({ page }) => {
  const owner = freshAccount('org', 'Orla');
  await logInAs(page, owner);
  const make = async (name: string) =>
    (await (await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name } }, headers: { Origin: PRODUCT } })).json())
      .resource_response.data as { id: string; url: string };
  const from = await make('Ideas');
  const to = await make('Kept');
  for (const n of ['one', 'two']) {
    await page.request.post(`${PRODUCT}/resource/PinResource/create/`, {
      data: { options: { board_id: from.id, link: `${EXAMPLES}/${n}.html`, color: '#336699', title: `Note ${n}` } },
      headers: { Origin: PRODUCT },
    });
  }
  await page.goto(`${PRODUCT}${from.url}`);
  await follow(page, page.getByRole('button', { name: 'Organise' }));
  const one = page.getByRole('checkbox', { name: 'Note one' });
  await one.focus();
  await page.keyboard.press('Space');
  await expect(one).toBeChecked();
  const target = page.getByLabel('Move selected Pins to');

  // Moving to where the pin already is: refused, and the pin is back on screen with the message.
  await target.selectOption({ label: 'Ideas' });
  await follow(page, page.getByRole('button', { name: /^Move/ }));
  await expect(page.getByRole('alert')).toHaveText('Those Pins are already on that board and section.');
  await expect(page.getByRole('checkbox', { name: 'Note one' })).toBeVisible();
  await axeClean(page);

  await target.selectOption({ label: 'Kept' });
  await follow(page, page.getByRole('button', { name: /^Move/ }));
  await expect(page.getByRole('status')).toHaveText('Moved 1 Pin.');
  await expect(page.getByRole('checkbox', { name: 'Note one' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Note two' })).toBeVisible();
  expect(
    readRows<{ board_id: string }>(`select board_id from pins where title = 'Note one' and pinner_id = (select id from users where email = ?)`, owner.email),
  ).toEqual([{ board_id: to.id }]);

  // The owner deletes the board it went to.
  await page.goto(`${PRODUCT}${to.url}`);
  await follow(page, page.getByRole('button', { name: 'Delete board' }));
  await follow(page, page.getByRole('dialog').getByRole('button', { name: 'Delete board', exact: true }));
  await expect(page).toHaveURL(`${PRODUCT}/${owner.username}/`);
  // Gone from the profile at once; its rows go by the deletion job a moment after.
  await expect.poll(() => readRows(`select 1 from boards where id = ?`, to.id)).toHaveLength(0);
});

test('a board that receives its first pin by a move shows that pin as its cover on the profile', async ({ page }) => {
  const owner = freshAccount('cover', 'Cai');
  await logInAs(page, owner);
  const make = async (name: string) =>
    (await (await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name } }, headers: { Origin: PRODUCT } })).json())
      .resource_response.data as { id: string; url: string };
  const from = await make('Trips');
  await make('Empty so far');
  const pin = (
    await (
      await page.request.post(`${PRODUCT}/resource/PinResource/create/`, {
        data: { options: { board_id: from.id, link: `${EXAMPLES}/lake.html`, image_url: `${EXAMPLES}/img/mountain-lake.png`, title: 'Lake' } },
        headers: { Origin: PRODUCT },
      })
    ).json()
  ).resource_response.data as { id: string };
  // The image is fetched and stored after the save: move the pin once it has its picture.
  await expect.poll(() => readRows<{ n: number }>(`select count(*) as n from pins where id = ? and image_id is not null`, pin.id)[0]?.n).toBe(1);

  await page.goto(`${PRODUCT}${from.url}`);
  await follow(page, page.getByRole('button', { name: 'Organise' }));
  await page.getByRole('checkbox', { name: 'Lake' }).check();
  await page.getByLabel('Move selected Pins to').selectOption({ label: 'Empty so far' });
  await follow(page, page.getByRole('button', { name: /^Move/ }));
  await expect(page.getByRole('status')).toHaveText('Moved 1 Pin.');

  await page.goto(`${PRODUCT}/${owner.username}/`);
  const card = page.getByRole('region', { name: 'Your boards' }).getByRole('link', { name: /^Empty so far/ });
  await expect(card.locator('.board-card-meta')).toHaveText('1 Pin');
  await expect(card.locator('img.board-cover')).toHaveAttribute('src', /\/media\/\d+\/236x\.jpg$/);
});

test('the pinner edits and deletes a pin from its page', async ({ page }) => {
  const owner = freshAccount('pinner', 'Pia');
  await logInAs(page, owner);
  const board = (
    await (await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name: 'Notes' } }, headers: { Origin: PRODUCT } })).json()
  ).resource_response.data as { id: string; url: string };
  const pin = (
    await (
      await page.request.post(`${PRODUCT}/resource/PinResource/create/`, {
        data: { options: { board_id: board.id, link: `${EXAMPLES}/notes.html`, color: '#336699', title: 'Draft' } },
        headers: { Origin: PRODUCT },
      })
    ).json()
  ).resource_response.data as { id: string };
  await page.goto(`${PRODUCT}/pin/${pin.id}/`);
  await follow(page, page.getByRole('button', { name: 'Edit Pin' }));
  await page.getByLabel('Title').fill('Final <b>notes</b>');
  await page.getByLabel('Description').fill('Kept for later');
  await axeClean(page);
  await follow(page, page.getByRole('button', { name: 'Save changes' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Final <b>notes</b>' })).toBeVisible();
  expect(readRows(`select title, description from pins where id = ?`, pin.id)).toEqual([{ title: 'Final <b>notes</b>', description: 'Kept for later' }]);

  await follow(page, page.getByRole('button', { name: 'Delete Pin' }));
  await follow(page, page.getByRole('group', { name: 'Delete Pin' }).getByRole('button', { name: 'Delete', exact: true }));
  await expect(page).toHaveURL(`${PRODUCT}${board.url}`);
  await expect(page.getByText('No Pins here yet.')).toBeVisible();
  expect(readRows(`select 1 from pins where id = ?`, pin.id)).toHaveLength(0);
});
