import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type BrowserContext } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, logIn, openPopup, pickBoard, unique } from './popup';

// A phone: its viewport, user agent, touch and device scale; the popup opens as a full-size tab.
test.use({ ...devices['Pixel 5'] });

const logInByApi = (context: BrowserContext) =>
  context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });

const pinsOn = (board: string) =>
  readRows<{ image_url: string }>('select pins.image_url from pins join boards on boards.id = pins.board_id where boards.name = ?', board);

test('a visitor who taps Save logs in on the same create page, and the pin is saved', async ({ page, context }) => {
  const popup = await openPopup(page, context, '/lake.html');
  const created = popup.url();
  expect(created).toMatch(/\/pin\/create\/button\/\?.*media=/);
  // Not sent to a bare home page: the log-in is here, and the page keeps its parameters.
  await logIn(popup);
  expect(popup.url()).toBe(created);
  const board = unique('Phone saves');
  await popup.getByRole('link', { name: 'Create board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(board);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByRole('status')).toContainText(`Saved to ${board}`);
  expect(pinsOn(board)).toEqual([{ image_url: `${EXAMPLES}/img/mountain-lake.png` }]);
});

test('creating a board on the full-page picker saves the pin to it; a section likewise', async ({ page, context }) => {
  await logInByApi(context);
  const popup = await openPopup(page, context, '/lake.html');
  const created = popup.url();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);

  await popup.getByRole('link', { name: 'Create board' }).click();
  await expect(popup).toHaveURL(/\/board\/create\/\?next=/);
  const board = unique('Phone board');
  await popup.getByLabel('Name', { exact: true }).fill(board);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByRole('status')).toContainText(`Saved to ${board}`);
  expect(popup.url()).toBe(created);
  expect(pinsOn(board)).toHaveLength(1);

  // A section made on its own page takes the pin as well. The e2e account is shared, so the pin comes from
  // a link of its own: 'Home decor' may already hold this page's pin from another test ('Psst!').
  const elsewhere = new URL(created);
  elsewhere.searchParams.set('url', `${elsewhere.searchParams.get('url')}?section=${Math.random().toString(36).slice(2, 8)}`);
  await popup.goto(elsewhere.href);
  await pickBoard(popup, 'Home decor');
  await expect(popup.getByRole('heading', { name: 'Choose section' })).toBeVisible();
  await popup.getByRole('link', { name: 'Create section' }).click();
  await expect(popup).toHaveURL(/\/board\/\d+\/create_section\/\?next=/);
  const section = unique('Phone');
  await popup.getByRole('textbox').fill(section);
  await popup.getByRole('button', { name: 'Add' }).click();
  // Issue 28: saving into a section names the section and its board.
  await expect(popup.getByRole('status')).toContainText(`Saved to ${section} in Home decor`);
  expect(readRows('select pins.id from pins join board_sections on board_sections.id = pins.section_id where board_sections.title = ?', section)).toHaveLength(
    1,
  );
});

test('the mobile picker shows a failed save in place', async ({ page, context }) => {
  await logInByApi(context);
  const board = unique('Twice');
  const first = await openPopup(page, context, '/lake.html');
  await first.getByRole('link', { name: 'Create board' }).click();
  await first.getByLabel('Name', { exact: true }).fill(board);
  await first.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(first.getByRole('status')).toContainText(`Saved to ${board}`);

  const again = await openPopup(page, context, '/lake.html');
  await again.getByRole('searchbox').fill(board);
  await again
    .getByRole('list', { name: 'Matching boards' })
    .getByRole('button', { name: new RegExp(`^${board}`) })
    .click();
  const picker = again.getByRole('region', { name: 'Choose board' });
  await expect(picker.getByRole('alert')).toHaveText(`Psst! You already saved this Pin to ${board}`);
  await expect(picker.getByRole('link', { name: 'Create board' })).toBeVisible();
  expect(pinsOn(board)).toHaveLength(1);
});

test('Cancel in a tab that is not a popup goes back a step instead of trying to close', async ({ page, context }) => {
  await logInByApi(context);
  await page.goto(`${PRODUCT}/`);
  await page.goto(
    `${PRODUCT}/pin/create/button/?url=${encodeURIComponent(`${EXAMPLES}/lake.html`)}&media=${encodeURIComponent(`${EXAMPLES}/img/mountain-lake.png`)}`,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/`);
});
