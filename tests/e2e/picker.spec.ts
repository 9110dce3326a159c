import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { nameSortKey, nameWords, startsWithDigit } from '../../api/src/boards/rules/names';
import { readRows, writeRows } from './db';
import { EXAMPLES } from './origins';
import { logIn, openPopup, pickBoard, unique } from './popup';
import { freshAccount } from './safety-helpers';

const noViolations = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test('a board with sections leads to its sections; Back returns; a section save says where', async ({ page, context }) => {
  const popup = await openPopup(page, context);
  await logIn(popup);
  await noViolations(popup);
  await pickBoard(popup, 'Home decor');
  await expect(popup.getByRole('heading', { name: 'Choose section' })).toBeVisible();
  const picker = popup.locator('.picker');
  await expect(picker.locator('.board-row .name')).toHaveText(['Home decor', 'Lighting', 'Living room']);
  await expect(popup.getByRole('heading', { name: 'Section', exact: true })).toBeVisible();
  await noViolations(popup);

  await popup.getByRole('button', { name: 'Back' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await pickBoard(popup, 'Home decor');
  await popup.getByRole('button', { name: /^Living room/ }).click();
  await expect(popup.getByRole('heading', { name: 'Saved to Living room in Home decor' })).toBeVisible();
  await noViolations(popup);

  const [pin] = readRows<{ section_title: string }>(
    `select board_sections.title as section_title from pins join board_sections on board_sections.id = pins.section_id order by pins.created_at desc limit 1`,
  );
  expect(pin?.section_title).toBe('Living room');
});

test('search matches words of board names, ignoring case and accents', async ({ page, context }) => {
  const popup = await openPopup(page, context);
  await logIn(popup);
  const search = popup.getByLabel('Search your boards');
  await search.fill('GOALS');
  await expect(popup.locator('.picker .board-row .name')).toHaveText(['2027 goals']);
  await search.fill('décor ho');
  await expect(popup.locator('.picker .board-row .name')).toHaveText(['Home decor']);
  await search.fill('zzz');
  await expect(popup.getByText('No boards match “zzz”.')).toBeVisible();
});

test('creating a board: the name rules, Secret, then Board created with confetti', async ({ page, context }) => {
  await context.clock.install();
  await page.addInitScript(() => {
    (window as unknown as { __saves: unknown[] }).__saves = [];
    document.addEventListener('corkboard:save', (e) => (window as unknown as { __saves: unknown[] }).__saves.push((e as CustomEvent).detail));
  });
  const popup = await openPopup(page, context);
  await logIn(popup);
  await popup.getByRole('button', { name: 'Create board' }).click();
  await expect(popup.getByRole('heading', { name: 'Create board' })).toBeVisible();
  const create = popup.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await expect(popup.getByRole('heading', { name: 'Suggested board names' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Lemon Tart' })).toBeVisible();
  await noViolations(popup);

  const name = popup.getByLabel('Name', { exact: true });
  await name.fill('x'.repeat(51));
  await expect(popup.getByText('Please enter no more than 50 characters.')).toBeVisible();
  await expect(create).toBeDisabled();
  await name.fill('   ');
  await expect(popup.getByText("Don't forget to name your board!")).toBeVisible();
  await expect(create).toBeDisabled();

  await name.fill('Recipes');
  await create.click();
  await expect(popup.getByText('You already have a board with that name.')).toBeVisible();
  await expect(create).toBeDisabled();

  const boardName = unique('Desserts');
  await name.fill(boardName);
  await popup.getByRole('switch', { name: /Secret/ }).check();
  // Time stands still from here, so the confetti is counted before it is gone however slow the machine.
  await popup.clock.pauseAt((await popup.evaluate(() => Date.now())) + 1_000);
  await create.click();

  await expect(popup.getByText('Board created')).toBeVisible();
  await expect(popup.getByRole('heading', { name: new RegExp(`^You saved (your first|this) Pin to ${boardName}!$`) })).toBeVisible();
  const particles = popup.getByTestId('confetti').locator('span');
  const counted = await particles.evaluateAll((spans) => ({
    particles: spans.length,
    colours: new Set(spans.map((s) => (s as HTMLElement).style.backgroundColor)).size,
  }));
  expect(counted).toEqual({ particles: 120, colours: 5 });
  await popup.clock.runFor(1_200);
  await expect(popup.getByTestId('confetti')).toHaveCount(0);

  // The stored count is settled by the server's worker within a second of the save (api/src/counts/store.ts).
  await expect
    .poll(() => readRows<{ privacy: string; pin_count: number }>(`select privacy, pin_count from boards where name = ?`, boardName)[0])
    .toEqual({ privacy: 'secret', pin_count: 1 });
  // The host page hears of the save, but never the name of a secret board.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __saves: Array<{ board?: { name?: string } }> }).__saves[0]?.board))
    .toEqual({ id: expect.any(String) });
});

test('adding a section: placeholder, trimmed name, inline error cleared by typing, Enter submits', async ({ page, context }) => {
  const popup = await openPopup(page, context, '/lake.html');
  await logIn(popup);
  await pickBoard(popup, 'Home decor');
  await popup.getByRole('button', { name: 'Create section' }).click();
  await expect(popup.getByRole('heading', { name: 'Create section' })).toBeVisible();
  const field = popup.getByPlaceholder('Like "Lighting"');
  const add = popup.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  await field.fill('   ');
  await expect(add).toBeDisabled();
  await field.fill('  lighting ');
  await add.click();
  await expect(popup.getByText('You already have a section with that name.')).toBeVisible();
  await expect(add).toBeDisabled();
  await noViolations(popup);
  const title = unique('Reading nook');
  await field.fill(`  ${title}  `);
  await expect(popup.getByText('You already have a section with that name.')).toHaveCount(0);
  await field.press('Enter');
  await expect(popup.getByRole('heading', { name: `Saved to ${title} in Home decor` })).toBeVisible();
  expect(readRows(`select title from board_sections where title = ?`, title)).toEqual([{ title }]);
});

test('Back from Create section returns to the section list', async ({ page, context }) => {
  const popup = await openPopup(page, context);
  await logIn(popup);
  await pickBoard(popup, 'Home decor');
  await popup.getByRole('button', { name: 'Create section' }).click();
  await popup.getByRole('button', { name: 'Back' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose section' })).toBeVisible();
});

test('saving the same pin to the same board again says so and saves nothing', async ({ page, context }) => {
  const first = await openPopup(page, context);
  await logIn(first);
  await pickBoard(first, 'Travel');
  await expect(first.getByRole('heading', { name: 'Saved to Travel' })).toBeVisible();
  const before = readRows(`select id from pins`).length;

  const again = await openPopup(page, context);
  await expect(again.getByRole('heading', { name: 'Choose board' })).toBeVisible(); // same browser: still logged in
  await pickBoard(again, 'Travel');
  await expect(again.getByRole('alert')).toHaveText('Psst! You already saved this Pin to Travel');
  await expect(again.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  expect(readRows(`select id from pins`).length).toBe(before);
});

test('the whole save works with the keyboard alone', async ({ page, context }) => {
  await page.goto(`${EXAMPLES}/`);
  const onSaveButton = () => page.evaluate(() => document.activeElement?.hasAttribute('data-corkboard') === true);
  for (let i = 0; i < 30 && !(await onSaveButton()); i++) await page.keyboard.press('Tab');
  expect(await onSaveButton()).toBe(true);
  const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await popup.waitForLoadState();
  // The auth modal opens on sign-up: Tab to its 'Log in' toggle; pressed, it hands focus to the log-in form.
  const focused = () => popup.evaluate(() => document.activeElement?.textContent ?? '');
  for (let i = 0; i < 10 && (await focused()) !== 'Log in'; i++) await popup.keyboard.press('Tab');
  await popup.keyboard.press('Enter');
  await expect(popup.getByLabel('Email')).toBeFocused();
  await popup.keyboard.type('demo@corkboard.test');
  await popup.keyboard.press('Tab');
  await popup.keyboard.type('corkboard-demo');
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  const focusedText = () => popup.evaluate(() => document.activeElement?.textContent ?? '');
  for (let i = 0; i < 30 && !(await focusedText()).startsWith('2027 goals'); i++) await popup.keyboard.press('Tab');
  expect(await focusedText()).toMatch(/^2027 goals/);
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Saved to 2027 goals' })).toBeVisible();
});

test('a long, windowed board list: Tab reaches its last board, and a new search starts from the top', async ({ page, context }) => {
  const account = freshAccount('longlist');
  const [owner] = readRows<{ id: string }>('SELECT id FROM users WHERE email = ?', account.email);
  // 80 boards: more than the list renders at once, few enough for one answer (searched in the popup).
  seedBoards(
    owner!.id,
    Array.from({ length: 80 }, (_, i) => `Shelf ${String(i + 1).padStart(2, '0')}`),
  );
  const popup = await openPopup(page, context);
  await logIn(popup, account);
  const list = popup.getByRole('list', { name: 'All boards' });
  await expect(list.getByRole('button', { name: /^Shelf 80/ })).toHaveCount(0);

  await list.getByRole('button', { name: /^Shelf 01/ }).focus();
  const focused = () => popup.evaluate(() => document.activeElement?.querySelector('.name')?.textContent ?? '');
  for (let i = 0; i < 100 && (await focused()) !== 'Shelf 80'; i++) await popup.keyboard.press('Tab');
  expect(await focused()).toBe('Shelf 80');
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-setsize', '80');

  await popup.getByLabel('Search your boards').fill('shelf');
  const matching = popup.getByRole('list', { name: 'Matching boards' });
  await expect(matching.getByRole('button', { name: /^Shelf 01/ })).toBeInViewport();
  await popup.getByLabel('Search your boards').fill('shelf 8');
  await matching.getByRole('button', { name: /^Shelf 80/ }).click();
  await expect(popup.getByRole('heading', { name: 'Saved to Shelf 80' })).toBeVisible();
});

/** Boards written straight to the database, as BoardResource create writes them (sort key and name words included). */
function seedBoards(ownerId: string, names: string[]) {
  const stamp = Date.now();
  names.forEach((name, i) => {
    const id = `9${stamp}${String(i).padStart(4, '0')}`;
    writeRows(
      "INSERT INTO boards (id, owner_id, name, slug, privacy, created_at, sort_digit, sort_key) VALUES (?, ?, ?, ?, 'public', ?, ?, ?)",
      id,
      ownerId,
      name,
      `board-${i}`,
      i,
      startsWithDigit(name) ? 1 : 0,
      nameSortKey(name),
    );
    for (const word of new Set(nameWords(name))) writeRows('INSERT INTO board_words (board_id, owner_id, word) VALUES (?, ?, ?)', id, ownerId, word);
  });
}

test('an account too large for one answer: the list pages in as it scrolls, and search asks the server', async ({ page, context }) => {
  const account = freshAccount('biglist');
  const [owner] = readRows<{ id: string }>('SELECT id FROM users WHERE email = ?', account.email);
  seedBoards(owner!.id, [...Array.from({ length: 249 }, (_, i) => `Jar ${i + 1}`), 'Pâté en croûte']);
  const popup = await openPopup(page, context);
  await logIn(popup, account);
  const list = popup.getByRole('list', { name: 'All boards' });
  await expect(list.getByRole('button', { name: /^Jar 1\b/ })).toBeVisible();
  // Only the first answer is here: its last item says how many are known so far.
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-setsize', '100');
  // Scrolled to its end, the list asks for the next page, and the one after, in order.
  for (const size of ['200', '250']) {
    await popup
      .locator('.scroller')
      .last()
      .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-setsize', size);
  }
  await popup
    .locator('.scroller')
    .last()
    .evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.getByRole('button', { name: /^Jar 249\b/ })).toBeVisible();

  // A search the server answers: accents and case folded, as in the popup.
  await popup.getByLabel('Search your boards').fill('PATE CROU');
  const matching = popup.getByRole('list', { name: 'Matching boards' });
  await expect(matching.locator('.board-row .name')).toHaveText(['Pâté en croûte']);
  await matching.getByRole('button', { name: /^Pâté en croûte/ }).click();
  await expect(popup.getByRole('heading', { name: 'Saved to Pâté en croûte' })).toBeVisible();
});
