import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/** Issue 28's audit items that show in the browser. */

test('the bookmarklet’s install page is linked from the header and the home page', async ({ page }) => {
  await page.goto(`${PRODUCT}/`);
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link', { name: 'Save from any site' })).toHaveAttribute('href', '/bookmarklet');
  await expect(page.getByRole('main').getByRole('link', { name: 'Save from any site' })).toHaveAttribute('href', '/bookmarklet');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await header.getByRole('link', { name: 'Save from any site' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/bookmarklet`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('markup pasted with /pinit.js (not /js/pinit.js) gets its Save button', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${EXAMPLES}/pasted.html`);
  await expect(page.locator('#pin').getByRole('button'), errors.join('\n')).toHaveAccessibleName('Save');
});

test('a disabled "Delete selected" looks disabled', async ({ browser }) => {
  const owner = freshAccount('dsel');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: owner.email, password: owner.password } },
    headers: { Origin: PRODUCT },
  });
  const create = async (name: string, options: Record<string, unknown>) =>
    (await (await page.request.post(`${PRODUCT}/resource/${name}/create/`, { data: { options }, headers: { Origin: PRODUCT } })).json()).resource_response.data;
  const board = await create('BoardResource', { name: 'Odds' });
  await create('PinResource', { board_id: board.id, link: 'https://publisher.example/a', color: '#336699', method: 'button' });
  await page.goto(`${PRODUCT}${board.url}`);
  await page.getByRole('button', { name: 'Organise' }).click();
  const remove = page.getByRole('button', { name: 'Delete selected' });
  await expect(remove).toBeDisabled();
  const look = () => remove.evaluate((el) => `${getComputedStyle(el).color} ${getComputedStyle(el).cursor}`);
  expect(await look()).toBe('rgb(118, 118, 118) default');
  await page.getByRole('checkbox').first().check();
  await expect(remove).toBeEnabled();
  expect(await look()).toBe('rgb(17, 17, 17) pointer');
});
