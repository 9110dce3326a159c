import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readRows } from './db';
import { PRODUCT } from './origins';
import { unique } from './popup';
import { freshAccount } from './safety-helpers';

/** Issue 28: board settings and sections from the board page, and notifications in the app. */

type Account = ReturnType<typeof freshAccount>;

async function signedIn(browser: Browser, account: Account, locale?: string): Promise<Page> {
  const context = await browser.newContext();
  if (locale) await context.addCookies([{ name: 'cb_lang', value: locale, url: PRODUCT }]);
  const page = await context.newPage();
  const res = await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: account.email, password: account.password } },
    headers: { Origin: PRODUCT },
  });
  expect(res.status()).toBe(200);
  return page;
}

async function create<T = { id: string; url: string }>(page: Page, name: string, options: Record<string, unknown>, verb = 'create'): Promise<T> {
  const res = await page.request.post(`${PRODUCT}/resource/${name}/${verb}/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status()).toBe(200);
  return (await res.json()).resource_response.data as T;
}

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test('the owner renames a board and makes it secret from its page', async ({ browser }) => {
  const owner = freshAccount('bset');
  const page = await signedIn(browser, owner);
  const name = unique('Trips');
  const board = await create(page, 'BoardResource', { name });
  await page.goto(`${PRODUCT}${board.url}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit board' }).click();
  const settings = page.getByRole('region', { name: 'Board settings' });
  await expect(settings).toBeVisible();
  await axe(page);
  const renamed = unique('Journeys');
  await settings.getByLabel('Name', { exact: true }).fill(renamed);
  await settings.getByLabel('Description').fill('Places to go');
  await settings.getByLabel('Keep this board secret').check();
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  // A new name is a new URL: the page follows it.
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/journeys`));
  await expect(page.locator('.board-meta .privacy')).toHaveText('Secret board');
  await expect(page.locator('.board-header .description')).toHaveText('Places to go');
  await expect
    .poll(() => readRows<{ privacy: string; name: string }>('select privacy, name from boards where id = ?', board.id)[0])
    .toEqual({ privacy: 'secret', name: renamed });
  // A stranger now meets it as a board that does not exist.
  const visitor = await browser.newPage();
  await visitor.goto(page.url());
  await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toHaveCount(0);
  await axe(page);
});

test('the owner archives a board from its settings, reads why on its page, and unarchives it', async ({ browser }) => {
  const owner = freshAccount('barch');
  const page = await signedIn(browser, owner);
  const name = unique('Old plans');
  const board = await create(page, 'BoardResource', { name });
  await page.goto(`${PRODUCT}${board.url}`);
  await page.getByRole('button', { name: 'Edit board' }).click();
  const settings = page.getByRole('region', { name: 'Board settings' });
  await expect(settings.getByText('Archiving hides the board from your profile and the board picker.')).toBeVisible();
  await settings.getByRole('button', { name: 'Archive board' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'This board is archived. Only you can see it, and nothing can be saved to it.' });
  await expect(notice).toBeVisible();
  await expect.poll(() => readRows<{ archived: number }>('select archived_at is not null as archived from boards where id = ?', board.id)[0]?.archived).toBe(1);
  await axe(page);
  await notice.getByRole('button', { name: 'Unarchive' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive board' })).toBeVisible();
  await expect.poll(() => readRows<{ archived: number }>('select archived_at is not null as archived from boards where id = ?', board.id)[0]?.archived).toBe(0);
});

test('a board with no sections gets its first one from its page', async ({ browser }) => {
  const owner = freshAccount('bsec');
  const page = await signedIn(browser, owner);
  const board = await create(page, 'BoardResource', { name: unique('Kitchen') });
  await page.goto(`${PRODUCT}${board.url}`);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Knives');
  await axe(page);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: /^Knives/ })).toBeVisible();
  await sections.getByRole('link', { name: /^Knives/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knives' })).toBeVisible();
});

test('a collaborator invited after creation sees the badge and the invite in their notifications', async ({ browser }) => {
  const owner = freshAccount('binv', 'Olive');
  const invitee = freshAccount('bgst', 'Cara');
  const ownerPage = await signedIn(browser, owner);
  const inviteePage = await signedIn(browser, invitee);
  const name = unique('Garden');
  const board = await create(ownerPage, 'BoardResource', { name });

  await inviteePage.goto(`${PRODUCT}/`);
  await expect(inviteePage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  await ownerPage.goto(`${PRODUCT}${board.url}`);
  await ownerPage.getByRole('button', { name: 'Edit board' }).click();
  await ownerPage.getByRole('searchbox', { name: 'Collaborators' }).fill(invitee.username);
  await ownerPage.getByRole('button', { name: new RegExp(`@${invitee.username}`) }).click();
  await ownerPage.getByRole('button', { name: 'Send invites' }).click();
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Invites sent.' })).toBeVisible();
  // The board's people list the invite at once.
  await expect(ownerPage.getByRole('region', { name: 'Collaborators' }).getByText('Invited')).toBeVisible();

  await inviteePage.reload();
  const badge = inviteePage.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(badge).toBeVisible();
  await axe(inviteePage);
  await badge.click();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = inviteePage.getByRole('listitem').filter({ hasText: `invited you to collaborate on ${name}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('New')).toBeVisible();
  // Seen: the header's badge clears.
  await expect(inviteePage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await axe(inviteePage);
  // The board's link in it leads to the invite, accepted from its page; the owner hears of it.
  await item.getByRole('link', { name }).click();
  await inviteePage.getByRole('button', { name: 'Accept' }).click();
  await ownerPage.goto(`${PRODUCT}/notifications/`);
  await expect(ownerPage.getByRole('listitem').filter({ hasText: `joined your board ${name}` })).toBeVisible();
});

test('en français : réglages du tableau et notifications', async ({ browser }) => {
  const owner = freshAccount('bsfr', 'Odile');
  const fan = freshAccount('bsfa', 'Fanny');
  const page = await signedIn(browser, owner, 'fr');
  const fanPage = await signedIn(browser, fan, 'fr');
  const board = await create(page, 'BoardResource', { name: unique('Voyages') });
  await page.goto(`${PRODUCT}${board.url}`);
  await page.getByRole('button', { name: 'Modifier le tableau' }).click();
  const settings = page.getByRole('region', { name: 'Paramètres du tableau' });
  await settings.getByLabel('Garder ce tableau secret').check();
  await axe(page);
  await settings.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.locator('.board-meta .privacy')).toHaveText('Tableau secret');
  await page.getByRole('button', { name: 'Ajouter une section' }).click();
  await expect(page.getByRole('group', { name: 'Ajouter une section' })).toBeVisible();

  const [user] = readRows<{ id: string }>('select id from users where username = ?', owner.username);
  await create(fanPage, 'UserFollowResource', { user_id: user?.id });
  await page.goto(`${PRODUCT}/`);
  await page.getByRole('link', { name: 'Notifications, 1 non lues' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'vous suit désormais.' })).toBeVisible();
  await expect(page.getByText('Nouveau', { exact: true })).toBeVisible();
  await axe(page);
});
