import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { expectNoAxeViolations } from './auth-helpers';
import { readRows } from './db';
import { freshAccount } from './safety-helpers';

/**
 * What cannot be taken back is asked in a dialog that says what goes: Cancel keeps, confirm removes.
 * Deleting an account and removing a business member are driven in security-settings.spec.ts and
 * settings-members.spec.ts; withdrawing a board invite here.
 */
test.setTimeout(120_000);

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);
const logIn = (page: Page, account: { email: string; password: string }) =>
  post(page, 'UserSessionResource', 'create', { username_or_email: account.email, password: account.password });

test('board settings list the invites waiting and withdraw one after a dialog', async ({ page }) => {
  const owner = freshAccount('inviter', 'Ada');
  await logIn(page, owner);
  const board = (await post(page, 'BoardResource', 'create', { name: `Trips ${Date.now()}` })).data as { id: string; url: string };
  const pal = `pal-${Date.now()}@example.com`;
  expect((await post(page, 'BoardInviteResource', 'create', { board_id: board.id, emails: [pal] })).data.emails).toEqual([pal]);

  await page.goto(`${PRODUCT}${board.url}`);
  await page.getByRole('button', { name: 'Edit board' }).click();
  const waiting = page.getByRole('region', { name: 'Invites waiting' });
  await expect(waiting.getByText(pal)).toBeVisible();
  await waiting.getByRole('button', { name: `Withdraw the invite to ${pal}` }).click();
  const ask = page.getByRole('dialog', { name: `Withdraw the invite to ${pal}` });
  await expect(ask).toContainText('will no longer be able to join this board');
  await expectNoAxeViolations(page);
  // Cancel keeps the invite.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(readRows('select email from board_email_invites where board_id = ?', board.id)).toEqual([{ email: pal }]);
  // Withdraw removes it.
  await waiting.getByRole('button', { name: `Withdraw the invite to ${pal}` }).click();
  await ask.getByRole('button', { name: 'Withdraw' }).click();
  await expect(waiting.getByRole('status')).toHaveText(`The invite to ${pal} is withdrawn.`);
  await expect(waiting.getByText(pal, { exact: true })).toHaveCount(0);
  expect(readRows('select email from board_email_invites where board_id = ?', board.id)).toEqual([]);
});

test('Delete board asks in a dialog that says the Pins go with it; Cancel keeps it, confirming removes it', async ({ page }) => {
  const owner = freshAccount('deleter', 'Dora');
  await logIn(page, owner);
  const name = `Old trips ${Date.now()}`;
  const board = (await post(page, 'BoardResource', 'create', { name })).data as { id: string; url: string };
  await post(page, 'PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/notes.html`, color: '#336699', title: 'A trip' });

  await page.goto(`${PRODUCT}${board.url}`);
  // One Delete board on the page, and it only asks.
  await expect(page.getByRole('button', { name: 'Delete board' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete board' }).click();
  const ask = page.getByRole('dialog', { name: `Delete ${name} and its Pins?` });
  await expect(ask).toContainText('Its Pins and sections go with it');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(readRows('select id from boards where id = ?', board.id)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete board' }).click();
  await ask.getByRole('button', { name: 'Delete board' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/${owner.username}/`);
  await expect(page.getByText(name)).toHaveCount(0);
  await expect.poll(() => readRows('select 1 from boards where id = ?', board.id)).toHaveLength(0);
});

test('Edit board stacks Name and Description, styles the description and offers the cover among tiles', async ({ page }) => {
  const owner = freshAccount('editor', 'Edna');
  await logIn(page, owner);
  const board = (await post(page, 'BoardResource', 'create', { name: `Layout ${Date.now()}` })).data as { id: string; url: string };
  await page.goto(`${PRODUCT}${board.url}`);
  await page.getByRole('button', { name: 'Edit board' }).click();
  const name = page.getByLabel('Name', { exact: true });
  const description = page.getByLabel('Description');
  const [n, d] = [await name.boundingBox(), await description.boundingBox()];
  // Stacked: the description starts below the name, not beside it.
  expect(d!.y).toBeGreaterThan(n!.y + n!.height - 1);
  expect(await description.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
  await expect(page.getByRole('group', { name: 'Cover' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete board' })).toHaveCount(1);
  await expectNoAxeViolations(page);
});
