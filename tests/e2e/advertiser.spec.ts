import { expect, test } from '@playwright/test';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { logIn, openPopup, unique } from './popup';
import { admin, freshAccount } from './safety-helpers';

test('save → Promote your Pin → convert → quick promote (business, billing) → success → the campaign in the report', async ({ page, context }) => {
  const account = freshAccount('promo', 'Lena');
  // An adult account (the age check): the operator sets the birthday no page asks for here.
  writeRows(`update users set birthday = ? where email = ?`, Date.UTC(1990, 4, 1), account.email);

  const popup = await openPopup(page, context, '/lake.html');
  await logIn(popup, account);
  // A new account: the empty picker offers its first board.
  await popup.getByRole('button', { name: 'Create your first board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(unique('Shop'));
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  const promote = popup.getByRole('link', { name: 'Promote your Pin' });
  await expect(promote).toHaveAttribute('href', /^\/business\/convert\/\?next=%2Fadvertiser%2Fquick_promote%3FpinId%3D\d+$/);
  const [tab] = await Promise.all([context.waitForEvent('page'), promote.click()]);

  await expect(tab.getByRole('heading', { name: 'Convert to a business account' })).toBeVisible();
  await tab.getByLabel('Business name').fill('Lena’s Lamps');
  await tab.getByLabel('Website (optional)').fill('https://lamps.example/');
  await tab.getByLabel('Country').selectOption('US');
  await tab.getByRole('button', { name: 'Convert and continue' }).click();

  await expect(tab).toHaveURL(/\/advertiser\/\d+\/quick-promote\/\?pinId=\d+$/);
  const advertiserId = /\/advertiser\/(\d+)\//.exec(tab.url())![1]!;
  await expect(tab.getByRole('heading', { name: 'Promote your Pin' })).toBeVisible();
  await expect(tab.getByText('At least $3.00 a day; we suggest $7.00.')).toBeVisible();
  await tab.getByLabel('Campaign name').fill('Spring lamps for the living room');
  await tab.getByLabel('Daily budget (USD)').fill('15.75');
  await tab.getByRole('button', { name: 'Promote', exact: true }).click();

  const business = tab.getByRole('form', { name: 'Your business' });
  await expect(business).toBeVisible();
  await business.getByLabel('Street address').fill('1 Market Street');
  await business.getByLabel('City').fill('Springfield');
  await business.getByLabel('Postal code').fill('12345');
  await business.getByRole('button', { name: 'Continue' }).click();

  const billing = tab.getByRole('form', { name: 'Billing' });
  await billing.getByLabel('Name on card').fill('Lena Lamp');
  await billing.getByLabel('Card number').fill('4242 4242 4242 4241');
  await billing.getByLabel('Expiry (MM/YY)').fill('12/30');
  await billing.getByRole('button', { name: 'Save and finish' }).click();
  await expect(billing.getByRole('alert')).toHaveText('Check your card number and expiry date.');
  await billing.getByLabel('Card number').fill('4242 4242 4242 4242');
  await billing.getByRole('button', { name: 'Save and finish' }).click();

  const success = tab.getByRole('dialog', { name: 'Your Pin is promoted' });
  await expect(success).toContainText('Daily budget $15.75. Your campaign is running.');
  await success.getByRole('link', { name: 'See your campaign' }).click();

  await expect(tab).toHaveURL(`${PRODUCT}/advertiser/${advertiserId}/reporting/campaigns/`);
  const row = tab.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: /Spring lamps for the living room/ });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('$15.75');
  expect(readRows(`select name, daily_budget_micro, currency, status from campaigns where advertiser_id = ?`, advertiserId)).toEqual([
    { name: 'Spring lamps for the living room', daily_budget_micro: 15_750_000, currency: 'USD', status: 'ACTIVE' },
  ]);
  expect(readRows(`select is_partner from users where email = ?`, account.email)).toEqual([{ is_partner: 1 }]);

  // An operator's sensitivity notice on the promoted pin shows on its page, with its link.
  const pinId = readRows<{ pin_id: string }>(`select pin_id from pin_promotions`).at(-1)!.pin_id;
  admin('notice', 'pin', pinId, '1', 'Take care', 'Read our guidelines first.', 'guidelines', '/guidelines/');
  await tab.goto(`${PRODUCT}/pin/${pinId}/`);
  const notice = tab.getByRole('note', { name: 'Take care' });
  await expect(notice).toContainText('Read our guidelines first.');
  await expect(notice.getByRole('link', { name: 'guidelines' })).toHaveAttribute('href', '/guidelines/');
});

test('a stranger gets the advertiser as missing; a blocked link is not followed', async ({ page }) => {
  const owner = freshAccount('brand');
  const advertiserId = /advertiser (\d+)/.exec(admin('advertiser-create', owner.email, 'Brand Co'))![1]!;
  const stranger = freshAccount('nosy');
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: stranger.email, password: stranger.password } },
    headers: { Origin: PRODUCT },
  });
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/reporting/campaigns/`);
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that advertiser." })).toBeVisible();
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/conversions/tag/`);
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that advertiser." })).toBeVisible();

  // The page leaves only for the link a pin carries: the stranger pins the two links first.
  const board = (
    await (await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name: 'Links' } }, headers: { Origin: PRODUCT } })).json()
  ).resource_response.data as { id: string };
  const pinOf = async (link: string) =>
    (
      (
        await (
          await page.request.post(`${PRODUCT}/resource/PinResource/create/`, {
            data: { options: { board_id: board.id, link, color: '#336699' } },
            headers: { Origin: PRODUCT },
          })
        ).json()
      ).resource_response.data as { id: string }
    ).id;
  const offsite = (link: string, pinId: string) => `${PRODUCT}/offsite/?url=${encodeURIComponent(link)}&pin_id=${pinId}`;
  admin('offsite-host', 'blocked.example', 'blocked');
  await page.goto(offsite('https://www.blocked.example/deal', await pinOf('https://www.blocked.example/deal')));
  await expect(page.getByRole('heading', { name: 'This link is blocked' })).toBeVisible();
  await expect(page).toHaveURL(/\/offsite\//);

  // Suspicious warns, with a way on.
  admin('offsite-host', 'shady.example', 'suspicious');
  const shady = await pinOf('https://shady.example/');
  await page.goto(offsite('https://shady.example/', shady));
  await expect(page.getByRole('heading', { name: 'This site may not be safe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to the site' })).toHaveAttribute('href', 'https://shady.example/');

  // Not an open redirect: a link the pin does not carry goes nowhere.
  await page.goto(offsite('https://evil.example/login', shady));
  await expect(page.getByRole('heading', { name: "That link can't be opened." })).toBeVisible();
  await expect(page).toHaveURL(/\/offsite\//);
});

test('a person’s click on a pin’s link is followed by the server; the same link opened from elsewhere shows where it goes and waits', async ({
  page,
  context,
}) => {
  const pinner = freshAccount('visit');
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: pinner.email, password: pinner.password } },
    headers: { Origin: PRODUCT },
  });
  const board = (
    await (await page.request.post(`${PRODUCT}/resource/BoardResource/create/`, { data: { options: { name: 'Visits' } }, headers: { Origin: PRODUCT } })).json()
  ).resource_response.data as { id: string };
  const link = `${EXAMPLES}/lake.html`;
  const pinId = (
    (
      await (
        await page.request.post(`${PRODUCT}/resource/PinResource/create/`, {
          data: { options: { board_id: board.id, link, color: '#336699' } },
          headers: { Origin: PRODUCT },
        })
      ).json()
    ).resource_response.data as { id: string }
  ).id;

  // Clicked on the pin's page (Chromium says: same-origin, navigate, document, user): the server forwards it.
  await page.goto(`${PRODUCT}/pin/${pinId}/`);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /^Visit / }).click()]);
  await expect(tab).toHaveURL(link);

  // The same /offsite/ address typed, or opened from a mail or another site: the page shows where it goes and waits.
  await page.goto(`${PRODUCT}/offsite/?url=${encodeURIComponent(link)}&pin_id=${pinId}`);
  await expect(page.getByRole('heading', { name: 'This link leaves the site' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Continue to ${new URL(EXAMPLES).host}` })).toHaveAttribute('href', link);
  await expect(page).toHaveURL(/\/offsite\//);
});

test('a tool Corkboard does not provide names itself and its parameters, with a way back', async ({ page }) => {
  const owner = freshAccount('tools');
  const advertiserId = /advertiser (\d+)/.exec(admin('advertiser-create', owner.email, 'Tool Co'))![1]!;
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: owner.email, password: owner.password } },
    headers: { Origin: PRODUCT },
  });
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/bulk_editor/history/?job_started=true`);
  await expect(page.getByRole('heading', { name: 'Bulk editor history' })).toBeVisible();
  await expect(page.getByText('Bulk editor history is not part of this product.')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText('true');
  await page.getByRole('link', { name: 'Back to your campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
});

test('the demo business: its owner sees the profile header and the numbers; a member without two-factor is refused by the server', async ({
  page,
  browser,
}) => {
  const logInAs = async (p: import('@playwright/test').Page, email: string) =>
    p.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
      data: { options: { username_or_email: email, password: 'corkboard-demo' } },
      headers: { Origin: PRODUCT },
    });
  await logInAs(page, 'shop@corkboard.test');
  await page.goto(`${PRODUCT}/billing/`);
  await expect(page).toHaveURL(/\/advertiser\/\d+\/billing\/$/);
  await expect(page.getByRole('region', { name: 'Business profile' })).toContainText('Acting as Demo Shop (@demoshop)');
  await expect(page.getByText('Visa ending in 4242 (Demo Shop), billed in USD.')).toBeVisible();
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await expect(page.getByRole('row', { name: /Spring lamps/ })).toContainText('$12.00');
  const shopUrl = page.url();

  const staff = await (await browser.newContext()).newPage();
  await logInAs(staff, 'staff@corkboard.test');
  const api = await staff.request.get(
    `${PRODUCT}/resource/AdvertiserCampaignsResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { advertiser_id: /advertiser\/(\d+)/.exec(shopUrl)![1] } }))}`,
  );
  expect(api.status()).toBe(403);
  await staff.goto(shopUrl);
  // Issue 27: the page offers the way through, two-factor in the security settings, instead of a dead end.
  await expect(staff.getByRole('heading', { name: 'Two-factor authentication needed' })).toBeVisible();
  await expect(staff.getByText('To act for a business you don’t own, turn on two-factor authentication first.')).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Security settings' })).toHaveAttribute('href', /^\/settings\/security\//);
  await staff.context().close();
});

test('the advertiser area in French: billing, the campaign report, its money and dates the French way', async ({ page, context }) => {
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: 'shop@corkboard.test', password: 'corkboard-demo' } },
    headers: { Origin: PRODUCT },
  });
  await page.goto(`${PRODUCT}/billing/`);
  await expect(page).toHaveURL(/\/advertiser\/\d+\/billing\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Facturation', exact: true })).toBeVisible();
  await expect(page.getByText('Visa se terminant par 4242 (Demo Shop), facturée en USD.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profil professionnel' })).toContainText('Vous agissez en tant que Demo Shop (@demoshop)');

  await page.getByRole('navigation', { name: 'Annonceur' }).getByRole('link', { name: 'Campagnes' }).click();
  await expect(page.getByRole('heading', { name: 'Campagnes', exact: true })).toBeVisible();
  const report = page.getByRole('table', { name: 'Campagnes' });
  await expect(report.getByRole('columnheader', { name: 'Budget quotidien' })).toBeVisible();
  const row = report.getByRole('row', { name: /Spring lamps/ });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(/12,00\s\$US/);
  // The report's range in words (« 23 nov. 2026 »), not as the address writes it.
  await expect(page.getByText(/^Chiffres du \d{1,2} \S+ \d{4} au \d{1,2} \S+ \d{4}\./)).toBeVisible();
});
