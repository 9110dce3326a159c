import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { openPopup, pickBoard, unique } from './popup';
import { freshAccount, outboxText } from './safety-helpers';
import { STRONG, yearsAgo } from './auth-helpers';
import { decodeQuotedPrintable, mailingServer, smtpInbox } from './mail-inbox';

/** Issue 19, the rest: Send, hashtags, the closeup, sections, bulk edit, group boards, an invite over SMTP. */

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
/** Presses a control as a keyboard user does: focus it, press Enter. */
async function press(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Enter');
}
const logInAs = (page: Page, login: { email: string; password: string }) =>
  page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
async function make<T = { id: string; url: string }>(page: Page, name: string, options: Record<string, unknown>, action = 'create'): Promise<T> {
  const res = await page.request.post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status()).toBe(200);
  return (await res.json()).resource_response.data as T;
}
const note = (page: Page, board: string, title: string, description = '') =>
  make(page, 'PinResource', { board_id: board, link: `${EXAMPLES}/${encodeURIComponent(title)}.html`, color: '#336699', title, description });

test('Send: the pin page’s share sheet copies the link and mails the Pin; the closeup is 1016 wide in two panes of 508', async ({ page, context }) => {
  const owner = freshAccount('sender', 'Sid');
  await logInAs(page, owner);
  const board = await make(page, 'BoardResource', { name: 'Sendable' });
  const pin = await note(page, board.id, 'Plum cake');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PRODUCT });
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(`${PRODUCT}/pin/${pin.id}/?share=true`);
  const sheet = page.getByRole('region', { name: 'Send this Pin' });
  await expect(sheet.getByRole('heading', { name: 'Send this Pin' })).toBeFocused();
  await axeClean(page);

  await press(page, sheet.getByRole('button', { name: 'Copy link' }));
  await expect(sheet.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${PRODUCT}/pin/${pin.id}/`);

  const friend = `friend${Date.now().toString(36)}@example.com`;
  await sheet.getByLabel('Send by email').fill(friend);
  await sheet.getByLabel('Add a note (optional)').fill('For Sunday');
  await press(page, sheet.getByRole('button', { name: 'Send', exact: true }));
  await expect(sheet.getByRole('status')).toHaveText(`Sent to ${friend}.`);
  await press(page, sheet.getByRole('button', { name: 'Close' }));
  await expect(page).toHaveURL(`${PRODUCT}/pin/${pin.id}/`);
  await expect(page.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-expanded', 'false');

  // The closeup: 508 + 508, one pane of 508 below 992, the whole width under 488.
  const widths = async () =>
    page.evaluate(() => [
      document.querySelector('main')!.getBoundingClientRect().width,
      document.querySelector('.closeup-image')!.getBoundingClientRect().width,
    ]);
  expect(await widths()).toEqual([1016, 508]);
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await widths()).toEqual([508, 508]);
  await page.setViewportSize({ width: 400, height: 900 });
  expect(await widths()).toEqual([400, 400]);

  const mail = await outboxText(page, friend);
  expect(mail).toContain(`${PRODUCT}/pin/${pin.id}/`);
  expect(mail).toContain('Sid wrote:\nFor Sunday');
});

test('hashtags: the description field suggests at most 5, picked with the keyboard', async ({ page }) => {
  const owner = freshAccount('tagger', 'Tess');
  await logInAs(page, owner);
  const board = await make(page, 'BoardResource', { name: 'Tagged' });
  const tag = `tart${Date.now().toString(36)}`;
  for (const suffix of ['', 'a', 'b', 'c', 'd', 'e']) await note(page, board.id, `Tart ${suffix}`, `#${tag}${suffix} #${tag}`);
  const pin = await note(page, board.id, 'Mine');
  await page.goto(`${PRODUCT}/pin/${pin.id}/`);
  await press(page, page.getByRole('button', { name: 'Edit Pin' }));
  const field = page.getByLabel('Description');
  await field.focus();
  await page.keyboard.type(`Best #${tag.slice(0, 6)}`);
  const list = page.getByRole('listbox', { name: 'Hashtag suggestions' });
  await expect(list.getByRole('option')).toHaveCount(5);
  await expect(list.getByRole('option').first()).toHaveText(`#${tag} 6 Pins`);
  await axeClean(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(`Best #${tag} `);
  await expect(list).toHaveCount(0);
  await page.keyboard.type('#zz');
  await page.keyboard.press('Escape');
  await press(page, page.getByRole('button', { name: 'Save changes' }));
  await expect(page.locator('.description')).toHaveText(`Best #${tag} #zz`);
});

test('sections and bulk edit: move into a section, take out of it, delete (a refused delete rolls back), rename and delete the section', async ({ page }) => {
  const owner = freshAccount('sorter', 'Sol');
  await logInAs(page, owner);
  const board = await make(page, 'BoardResource', { name: 'Plans' });
  const ideas = await make<{ id: string; slug: string }>(page, 'BoardSectionResource', { board_id: board.id, name: 'Ideas' });
  const one = await note(page, board.id, 'Note one');
  const two = await note(page, board.id, 'Note two');
  await note(page, board.id, 'Note three');
  await page.goto(`${PRODUCT}${board.url}`);
  await press(page, page.getByRole('button', { name: 'Organise' }));
  const organise = page.getByRole('group', { name: 'Organise Pins' });
  await page.getByRole('checkbox', { name: 'Note one' }).check();
  await organise.getByLabel('Move selected Pins to').selectOption({ label: 'Plans' });
  await organise.getByLabel('Section').selectOption({ label: 'Ideas' });
  await axeClean(page);
  await press(page, organise.getByRole('button', { name: /^Move/ }));
  await expect(organise.getByRole('status')).toHaveText('Moved 1 Pin.');
  await expect.poll(() => readRows(`select section_id from pins where id = ?`, one.id)).toEqual([{ section_id: ideas.id }]);

  // A delete the server refuses (the pin went meanwhile): the pins come back with its message.
  await page.getByRole('checkbox', { name: 'Note two' }).check();
  await page.getByRole('checkbox', { name: 'Note three' }).check();
  await make(page, 'PinResource', { id: two.id }, 'delete');
  await press(page, organise.getByRole('button', { name: 'Delete selected' }));
  await press(page, page.getByRole('group', { name: 'Delete Pins' }).getByRole('button', { name: 'Delete', exact: true }));
  await expect(organise.getByRole('alert')).toHaveText("Sorry, we couldn't find that Pin.");
  await expect(page.getByRole('checkbox', { name: 'Note three' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Note two' }).uncheck();
  await press(page, organise.getByRole('button', { name: 'Delete selected' }));
  await press(page, page.getByRole('group', { name: 'Delete Pins' }).getByRole('button', { name: 'Delete', exact: true }));
  await expect(organise.getByRole('status')).toHaveText('Deleted 1 Pin.');
  expect(readRows(`select title from pins where board_id = ? order by title`, board.id)).toEqual([{ title: 'Note one' }]);

  // The section's page: take the pin out, rename the section, delete it.
  await page.goto(`${PRODUCT}${board.url}${ideas.slug}/`);
  await press(page, page.getByRole('button', { name: 'Organise' }));
  await page.getByRole('checkbox', { name: 'Note one' }).check();
  await press(page, page.getByRole('button', { name: 'Remove from section' }));
  await expect(page.getByRole('status')).toHaveText('Took 1 Pin out of this section.');
  await expect.poll(() => readRows(`select section_id from pins where id = ?`, one.id)).toEqual([{ section_id: null }]);
  await press(page, page.getByRole('button', { name: 'Edit section' }));
  await page.getByLabel('Section name').fill('Big ideas');
  await axeClean(page);
  await press(page, page.getByRole('button', { name: 'Save', exact: true }));
  await expect(page).toHaveURL(`${PRODUCT}${board.url}big-ideas/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Big ideas' })).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Delete section' }));
  await press(page, page.getByRole('group', { name: 'Delete section' }).getByRole('button', { name: 'Delete', exact: true }));
  await expect(page).toHaveURL(`${PRODUCT}${board.url}`);
  expect(readRows(`select 1 from board_sections where board_id = ?`, board.id)).toHaveLength(0);
});

test('group boards: on the owner’s and the collaborator’s profiles with their people; a visitor sees a public board’s collaborators', async ({
  page,
  browser,
}) => {
  const owner = freshAccount('grouper', 'Gus');
  const friend = freshAccount('member', 'Mia');
  await logInAs(page, owner);
  const name = unique('Shared');
  const board = await make(page, 'BoardResource', { name });
  const [friendRow] = readRows<{ id: string }>(`select id from users where email = ?`, friend.email);
  await make(page, 'BoardInviteResource', { board_id: board.id, invited_user_ids: [friendRow!.id] });
  const other = await (await browser.newContext()).newPage();
  await logInAs(other, friend);
  await make(other, 'BoardInviteResource', { board_id: board.id }, 'update');

  const visitor = await (await browser.newContext()).newPage();
  for (const username of [owner.username, friend.username]) {
    await visitor.goto(`${PRODUCT}/${username}/`);
    const card = visitor.getByRole('region', { name: 'Boards' }).getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(card).toHaveAttribute('href', board.url);
    await expect(card.getByText('Group board')).toBeVisible();
    await expect(card.locator('.board-people')).toContainText('With Gus, Mia');
    await expect(card.locator('.face')).toHaveText(['G', 'M']);
    await axeClean(visitor);
  }
  await visitor.goto(`${PRODUCT}${board.url}`);
  const people = visitor.getByRole('region', { name: 'Collaborators' });
  await expect(people.getByRole('link', { name: 'Mia' })).toHaveAttribute('href', `/${friend.username}/`);
  await expect(people.getByRole('button')).toHaveCount(0);
  await axeClean(visitor);
});

test('an email invite over SMTP: a new user signs up from the mail, accepts, and saves to the group board from the publisher', async ({ page, browser }) => {
  // Sign-up (argon2), the picker and a save on a shared 2-core machine: more room than the default minute.
  test.setTimeout(120_000);
  const inbox = await smtpInbox();
  const mailing = await mailingServer(inbox.url);
  try {
    const owner = freshAccount('inviter', 'Ivy');
    await logInAs(page, owner);
    const cookie = (await page.context().cookies(PRODUCT)).map((c) => `${c.name}=${c.value}`).join('; ');
    const name = unique('Trip');
    const board = (await mailing.post(cookie, 'BoardResource', 'create', { name, privacy: 'secret' })).body.resource_response.data as {
      id: string;
      url: string;
    };
    const email = `newbie${Date.now().toString(36)}@example.com`;
    expect((await mailing.post(cookie, 'BoardInviteResource', 'create', { board_id: board.id, emails: [email] })).status).toBe(200);
    await expect.poll(() => inbox.received.length).toBe(1);
    expect(inbox.received[0]?.to).toEqual([email]);
    const mail = decodeQuotedPrintable(inbox.received[0]?.raw ?? '');
    const link = /http:\/\/\S+\/(?=\r?\n)/.exec(mail)?.[0] ?? '';
    expect(link).toBe(`${PRODUCT}${board.url}`);

    // Someone with no account follows the mail's link, signs up there and comes back to it.
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('alert')).toHaveText("Sorry, we couldn't find that board.");
    await press(invitee, invitee.getByRole('main').getByRole('link', { name: 'sign up' }));
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill(STRONG);
    await invitee.getByLabel('Birthday').fill(yearsAgo(30));
    await invitee.getByLabel('Birthday').press('Enter');
    await expect(invitee).toHaveURL(link);
    // The invite trusts the address only once it is confirmed: the notice says so, and the
    // confirmation mail (the server's dev outbox) has the link.
    const notice = invitee.getByRole('complementary', { name: 'Invite' });
    await expect(notice).toContainText("You're invited to this board. Confirm your email address to see it and join.");
    const confirm = /http:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(await outboxText(invitee, email))?.[0] ?? '';
    await invitee.goto(confirm);
    await press(invitee, invitee.getByRole('button', { name: 'Confirm email' }));
    await expect(invitee.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await invitee.goto(link);
    await expect(notice).toContainText(`Ivy invited you to collaborate on ${name}.`);
    await press(invitee, notice.getByRole('button', { name: 'Accept' }));
    await expect(invitee.getByRole('heading', { level: 1, name })).toBeVisible();
    await axeClean(invitee);

    // From the publisher's Save button: the group board is in the picker with its icon, and takes the pin.
    const popup = await openPopup(invitee, context);
    const row = popup.getByRole('list', { name: 'All boards' }).getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(row.getByRole('img', { name: 'Group board' })).toBeVisible();
    await pickBoard(popup, name);
    await expect(popup.getByRole('heading', { name: `Saved to ${name}` })).toBeVisible();
    const [newbie] = readRows<{ id: string }>(`select id from users where email = ?`, email);
    expect(readRows(`select status from board_collaborators where board_id = ? and user_id = ?`, board.id, newbie?.id)).toEqual([{ status: 'accepted' }]);
    expect(readRows(`select 1 from pins where board_id = ? and pinner_id = ?`, board.id, newbie?.id)).toHaveLength(1);
  } finally {
    await mailing.close();
    await inbox.close();
  }
});
