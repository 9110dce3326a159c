import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PRODUCT } from './origins';
import { expectNoAxeViolations } from './auth-helpers';
import { freshAccount, outboxText } from './safety-helpers';

/** Profile settings and business members from their pages, in real Chromium on the real server. */
test.setTimeout(120_000);

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);
const logIn = (page: Page, account: { email: string; password: string }) =>
  post(page, 'UserSessionResource', 'create', { username_or_email: account.email, password: account.password });

test('a person edits their profile: name, username (the old address redirects), photo, about and website', async ({ page }) => {
  const me = freshAccount('prof', 'Maria');
  await logIn(page, me);
  await page.goto(`${PRODUCT}/settings/account/`);
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(me.username);

  // A bad username is said under its field, and goes once the field changes.
  await page.getByLabel('Username').fill('no');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usernames are 3 to 30 characters: letters, numbers and underscores.');
  const fresh = `maria_${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(fresh);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('About').fill('Lemon cakes, mostly.');
  await page.getByLabel('Website').fill('bakery.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue('https://bakery.example/');

  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#cc8844' } })
    .png()
    .toBuffer();
  await page.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /\/media\/\d+\/236x\.jpg$/);
  await expectNoAxeViolations(page);

  // The old address goes to the new one; the profile shows what was saved.
  await page.goto(`${PRODUCT}/${me.username}/`);
  await expect(page).toHaveURL(`${PRODUCT}/${fresh}/`);
  await expect(page.getByRole('heading', { name: 'Maria Lopez' })).toBeVisible();
  await expect(page.getByText('Lemon cakes, mostly.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'bakery.example' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the website claim is a page, in French', async ({ page, context }) => {
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  const me = freshAccount('claim', 'Zoé');
  await logIn(page, me);
  const res = await page.goto(`${PRODUCT}/settings/claim/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Revendiquez votre site web ou votre Instagram' })).toBeVisible();
  await expect(page.getByLabel('Site web')).toBeFocused();
  await page.getByLabel('Site web').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Saisissez une adresse web qui commence par http:// ou https://.');
  await page.getByLabel('Site web').fill('https://instagram.com/zoe');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre profil est enregistré.' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an owner invites a member by email, the member accepts from the mail, and the owner removes them', async ({ page, browser }) => {
  const owner = freshAccount('biz', 'Ada');
  await logIn(page, owner);
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: `Lamps ${Date.now()}`, country: 'US' })).data
    .advertiser_id as string;
  const helper = freshAccount('helper', 'Bo');

  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/`);
  await page.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(page.getByText('No members yet.')).toBeVisible();
  await page.getByLabel('Email').fill(helper.email);
  await page.getByLabel('Role', { exact: true }).selectOption('ADMIN');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${helper.email}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel the invite to ${helper.email}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // The member reads the mail and follows its link, logged in as the invited account.
  const other = await browser.newContext();
  const member = await other.newPage();
  const mail = await outboxText(member, helper.email);
  const link = /http:\/\/\S+\/advertiser\/invite\/\?token=[\w-]+/.exec(mail)![0].replace(/^http:\/\/[^/]+/, PRODUCT);
  await logIn(member, helper);
  await member.goto(link);
  await member.getByRole('button', { name: 'Accept invite' }).click();
  await expect(member.getByRole('status')).toHaveText(/You now act for Lamps/);
  await expectNoAxeViolations(member);
  await other.close();

  await page.reload();
  const row = page.getByRole('listitem').filter({ hasText: `@${helper.username}` });
  await expect(row).toBeVisible();
  await expect(page.getByLabel('Role of Bo')).toHaveValue('ADMIN');
  await page.getByLabel('Role of Bo').selectOption('OWNER');
  await expect(page.getByRole('status').filter({ hasText: 'The role of Bo is changed.' })).toBeVisible();
  // Removing asks first, saying what they lose: Cancel keeps them, the dialog's Remove removes.
  await row.getByRole('button', { name: 'Remove Bo' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove Bo' });
  await expect(ask).toContainText('Bo will no longer act for this business');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove Bo' }).click();
  await ask.getByRole('button', { name: 'Remove Bo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bo no longer acts for this business.' })).toBeVisible();
  await expect(page.getByText('No members yet.')).toBeVisible();
});

test('quick promote without a pinId asks for the pin in the default reading too, from the unprefixed address', async ({ page }) => {
  const owner = freshAccount('qpnopin', 'Ada');
  await logIn(page, owner);
  const board = (await post(page, 'BoardResource', 'create', { name: `Shop ${Date.now()}` })).data.id as string;
  await post(page, 'PinResource', 'create', {
    board_id: board,
    link: 'https://lamps.example/lake',
    color: '#88aacc',
    method: 'button',
    description: 'Lake lamps',
  });
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: 'No Pin Lamps', country: 'US' })).data.advertiser_id as string;
  await page.goto(`${PRODUCT}/quick-promote/`);
  await expect(page).toHaveURL(`${PRODUCT}/advertiser/${advertiserId}/quick-promote/`);
  const chooser = page.getByRole('dialog', { name: 'Choose a Pin to promote' });
  await chooser.getByRole('radio', { name: 'Lake lamps' }).check();
  await chooser.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('form', { name: 'Promote this Pin' }).getByLabel('Campaign name')).toBeVisible();
  // At 1280 px the Interests row wraps inside the form: nothing runs past the page.
  await page.setViewportSize({ width: 1280, height: 800 });
  const interests = page.getByRole('group', { name: 'Interests (none chosen: everyone)' });
  await expect.poll(async () => (await interests.boundingBox())!.x + (await interests.boundingBox())!.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expectNoAxeViolations(page);
});

test('the follow container shows the creator’s avatar and name to a visitor asked to log in', async ({ page, browser }) => {
  const creator = freshAccount('creator', 'Greta');
  await logIn(page, creator);
  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#4488cc' } })
    .png()
    .toBuffer();
  await post(page, 'UserAvatarResource', 'create', { image_base64: png.toString('base64') });
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${PRODUCT}/${creator.username}/`);
  await visitor.getByRole('button', { name: 'Follow Greta' }).click();
  await visitor.getByRole('status').getByRole('link', { name: 'Log in' }).click();
  const header = visitor.locator('.auth-creator');
  await expect(header).toContainText('Greta');
  await expect(header.locator('img')).toHaveAttribute('src', /\/media\/\d+\/236x\.jpg$/);
});
