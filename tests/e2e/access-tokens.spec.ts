import { expect, test } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount, logInWith } from './safety-helpers';

/**
 * Personal access tokens, end to end: made on /settings/tokens/ in real Chromium, then used as a script
 * uses one: a request from Node with `Authorization: Bearer`, no cookie and no Origin.
 */

/** A script's save: the token alone. */
const saveByScript = (token: string, boardId: string, description: string) =>
  fetch(`${PRODUCT}/resource/PinResource/create/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ options: { board_id: boardId, image_url: `${EXAMPLES}/img/lemon-tart.png`, link: `${EXAMPLES}/`, description, method: 'button' } }),
  });

test('a token made on the settings page saves a pin with no cookie, and is refused once revoked', async ({ page }) => {
  const user = freshAccount('token');
  await page.goto(`${PRODUCT}/login?next=${encodeURIComponent('/settings/account/')}`);
  await logInWith(page, user.email, user.password);
  await page.getByRole('link', { name: 'Access tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Access tokens', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no access tokens.')).toBeVisible();

  await page.getByLabel('Token name').fill('iOS Shortcut');
  await page.getByLabel('Read and write (save Pins, make boards)').check();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Create token' }).click();
  const secretField = page.getByRole('textbox', { name: 'Your new token' });
  await expect(secretField).toHaveValue(/^cbpat_/);
  const token = await secretField.inputValue();
  const row = page.locator('li[data-token="iOS Shortcut"]');
  await expect(row).toContainText('Never used');

  const board = (
    await (
      await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name: 'From scripts' } }, headers: { Origin: PRODUCT } })
    ).json()
  ).resource_response.data as { id: string };
  const saved = await saveByScript(token, board.id, 'Saved by a script');
  expect(saved.status).toBe(200);
  const pinId = ((await saved.json()) as { resource_response: { data: { id: string } } }).resource_response.data.id;
  expect(readRows<{ description: string; board_id: string }>('SELECT description, board_id FROM pins WHERE id = ?', pinId)).toEqual([
    { description: 'Saved by a script', board_id: board.id },
  ]);

  await page.reload();
  await expect(row).toContainText('Last used');
  await row.getByRole('button', { name: 'Revoke: iOS Shortcut' }).click();
  await expect(page.getByRole('status')).toHaveText('The token is revoked: it no longer works.');
  await expect(page.getByText('You have no access tokens.')).toBeVisible();

  const refused = await saveByScript(token, board.id, 'After revocation');
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { resource_response: { error: { api_error_code: number } } }).resource_response.error.api_error_code).toBe(440);
  expect(readRows('SELECT id FROM pins WHERE description = ?', 'After revocation')).toEqual([]);
});
