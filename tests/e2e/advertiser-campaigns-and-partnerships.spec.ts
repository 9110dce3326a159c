import { expect, test, type Page } from '@playwright/test';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { admin, freshAccount } from './safety-helpers';

/** The advertiser area, continued: the full reading's every step, targeting, web conversion, reports from real events, edits, paid partnerships. */
// Several accounts, contexts and operator commands (each a process) per test: more than the default minute on a busy machine.
test.setTimeout(180_000);

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);
const logIn = (page: Page, account: { email: string; password: string }) =>
  post(page, 'UserSessionResource', 'create', { username_or_email: account.email, password: account.password });

async function businessWithPin(page: Page, prefix: string, country: string) {
  const owner = freshAccount(prefix, 'Ada');
  await logIn(page, owner);
  const board = (await post(page, 'BoardResource', 'create', { name: `Shop ${Date.now()}` })).data.id as string;
  const pin = (
    await post(page, 'PinResource', 'create', { board_id: board, link: `${EXAMPLES}/lake.html`, color: '#88aacc', method: 'button', description: 'Lake lamps' })
  ).data.id as string;
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: `${prefix} Lamps`, country })).data.advertiser_id as string;
  return { owner, board, pin, advertiserId };
}

test('the full reading: consent, pin selection, the page, business, billing, success and the tag step; the campaign’s targeting, numbers and edits', async ({
  page,
  browser,
}) => {
  const { pin, advertiserId } = await businessWithPin(page, 'full', 'GB');
  admin('advertiser-steps', advertiserId, 'full');
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/`);
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/quick-promote/?pinId=${pin}`);

  const consent = page.getByRole('dialog', { name: 'Your data and ads' });
  await expect(consent).toContainText('United Kingdom');
  await consent.getByRole('button', { name: 'I agree' }).click();

  const chooser = page.getByRole('dialog', { name: 'Choose a Pin to promote' });
  await expect(chooser.getByRole('radio', { name: 'Lake lamps' })).toBeChecked();
  await chooser.getByRole('button', { name: 'Next' }).click();

  const form = page.getByRole('form', { name: 'Quick promote page' });
  await form.getByLabel('Campaign name').fill('Lamps by the lake');
  await form.getByLabel('Daily budget (GBP)').fill('0.5');
  await form.getByLabel('25-34').check();
  await form.getByLabel('Home decor').check();
  await form.getByLabel('Also find people like these for me (automatic targeting)').uncheck();
  await form.getByLabel('Goal').selectOption('WEB_CONVERSION');
  await form.getByRole('button', { name: 'Promote', exact: true }).click();
  // The form's checks run in order and show the first error in the pin area.
  await expect(form.getByRole('alert')).toHaveText('The minimum daily budget in GB is 1 GBP.');
  await form.getByLabel('Daily budget (GBP)').fill('6');
  await form.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose a conversion tag and event for a web-conversion ad.');
  await form.getByLabel('New tag name').fill('Checkout page');
  await form.getByRole('button', { name: 'Create tag' }).click();
  await expect(form.getByLabel('Conversion tag')).toHaveValue(/^\d+$/);
  await form.getByLabel('Conversion event').selectOption('SIGNUP');
  await form.getByRole('button', { name: 'Promote', exact: true }).click();

  // On the quick promote page without business info the flow stays on the page; Continue goes on by one.
  const saved = page.getByRole('region', { name: 'Quick promote page' });
  await expect(saved.getByRole('status')).toHaveText('Your campaign is saved. Next, tell us about your business so it can run.');
  await saved.getByRole('button', { name: 'Continue' }).click();
  const business = page.getByRole('form', { name: 'Your business' });
  await business.getByLabel('Street address').fill('2 Quay Street');
  await business.getByLabel('City').fill('Bristol');
  await business.getByLabel('Postal code').fill('BS1 4DB');
  await business.getByRole('button', { name: 'Continue' }).click();
  const billing = page.getByRole('form', { name: 'Billing' });
  await expect(billing).toContainText('You pay in GBP.');
  await billing.getByLabel('Name on card').fill('Ada Lamp');
  await billing.getByLabel('Card number').fill('4242 4242 4242 4242');
  await billing.getByLabel('Expiry (MM/YY)').fill('12/30');
  await billing.getByRole('button', { name: 'Save and finish' }).click();
  const success = page.getByRole('dialog', { name: 'Your Pin is promoted' });
  await expect(success).toContainText('Daily budget £6.00. Your campaign is running.');
  await success.getByRole('button', { name: 'Set up your conversion tag' }).click();
  const tagId = readRows<{ id: string }>(`select id from conversion_tags where advertiser_id = ?`, advertiserId)[0]!.id;
  const tagStep = page.getByRole('dialog', { name: 'Your conversion tag' });
  await expect(tagStep).toContainText(`Add tag ${tagId} to your website and report the event Signup.`);
  await tagStep.getByRole('button', { name: 'Done' }).click();
  // Past the last step the flow ends: back one step in history (the advertiser home).
  await expect(page).toHaveURL(`${PRODUCT}/advertiser/${advertiserId}/`);

  const campaignId = readRows<{ id: string }>(`select id from campaigns where advertiser_id = ?`, advertiserId)[0]!.id;
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/reporting/adgroups/?campaignIds=${campaignId}`);
  await expect(page.getByRole('table', { name: 'Ad groups' })).toContainText(
    `All genders; ages 25-34; interests: Home decor. Web conversion: tag ${tagId}, event Signup`,
  );

  // A visitor sees 'Promoted by' on the pin's page (an impression) and follows its link through the check (a click).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${PRODUCT}/pin/${pin}/`);
  await expect(visitor.getByText('Promoted by full Lamps')).toBeVisible();
  const [landed] = await Promise.all([visitor.context().waitForEvent('page'), visitor.getByRole('link', { name: /^Visit/ }).click()]);
  await expect(landed).toHaveURL(`${EXAMPLES}/lake.html`);
  await visitor.context().close();

  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/reporting/campaigns/?query=lake`);
  const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: /Lamps by the lake/ });
  await expect(row).toContainText('Active');
  // impressions 1, clicks 1, a click costs 1% of £6.
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await expect(row.getByRole('cell').nth(6)).toHaveText('1');
  await expect(row.getByRole('cell').nth(7)).toHaveText('£0.06');
  await page.getByLabel('Status').selectOption('PAUSED');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No campaigns match.')).toBeVisible();

  // Insights by day, then the edits: pause, budget.
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/campaign-insights/${campaignId}/`);
  // Days read as the reader's language writes them (formatDay): « Nov 23, 2026 » in English.
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
  await expect(page.getByRole('table', { name: 'By day' }).getByRole('row', { name: new RegExp(today) })).toContainText('£0.06');
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/ads/edit/?view=campaign&campaignId=${campaignId}`);
  await page.getByRole('button', { name: 'Pause campaign' }).click();
  await expect(page.getByRole('status')).toHaveText('Campaign paused.');
  await expect(page.getByRole('button', { name: 'Run campaign' })).toBeVisible();
  const schedule = page.getByRole('form', { name: 'Budget and schedule' });
  await schedule.getByLabel('Daily budget (GBP)').fill('0.5');
  await schedule.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('The minimum daily budget in GB is 1 GBP.');
  await schedule.getByLabel('Daily budget (GBP)').fill('9');
  await schedule.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Budget and dates saved.');
  expect(readRows(`select status, daily_budget_micro from campaigns where id = ?`, campaignId)).toEqual([{ status: 'PAUSED', daily_budget_micro: 9_000_000 }]);
});

test('quick promote’s error areas: a 401 in the pin area, a failure in the error modal with a way back', async ({ page }) => {
  const { pin, advertiserId } = await businessWithPin(page, 'errs', 'US');
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/quick-promote/?pinId=${pin}`);
  const form = page.getByRole('form', { name: 'Promote this Pin' });
  await form.getByLabel('Campaign name').fill('Gone soon');
  // The pin is deleted meanwhile: the server's answer (not a 401) goes to the error modal.
  await post(page, 'PinResource', 'delete', { id: pin });
  await form.getByRole('button', { name: 'Promote', exact: true }).click();
  const modal = page.getByRole('dialog', { name: "We couldn't promote your Pin" });
  await expect(modal).toContainText("Sorry, we couldn't find that Pin.");
  await modal.getByRole('button', { name: 'Try again' }).click();
  await expect(form).toBeVisible();
  // Logged out meanwhile: a 401 with its message shows in the pin area, and the step stays.
  await page.context().clearCookies();
  await form.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Log in to promote this Pin.');
  expect(readRows(`select id from campaigns where advertiser_id = ?`, advertiserId)).toEqual([]);
});

test('a paid partnership: the pinner labels the pin, the sponsor approves it, a visitor sees the label; the merchant badge; the search notice', async ({
  page,
  browser,
}) => {
  const sponsor = await businessWithPin(page, 'spons', 'US');
  const sponsorUsername = readRows<{ username: string }>(`select username from users where email = ?`, sponsor.owner.email)[0]!.username;
  const sponsorPage = page;

  const creatorPage = await (await browser.newContext()).newPage();
  const creator = freshAccount('creator', 'Cleo');
  await logIn(creatorPage, creator);
  const board = (await post(creatorPage, 'BoardResource', 'create', { name: `Looks ${Date.now()}` })).data.id as string;
  const pin = (
    await post(creatorPage, 'PinResource', 'create', {
      board_id: board,
      link: `${EXAMPLES}/lake.html`,
      color: '#ccaa88',
      method: 'button',
      description: 'Lake look',
    })
  ).data.id as string;
  await creatorPage.goto(`${PRODUCT}/pin/${pin}/`);
  const label = creatorPage.getByRole('region', { name: 'Paid partnership' });
  await label.getByLabel("Sponsor's username").fill('no_such_business');
  await label.getByRole('button', { name: 'Add paid partnership label' }).click();
  await expect(label.getByRole('alert')).toHaveText('No business has that username.');
  await label.getByLabel("Sponsor's username").fill(`@${sponsorUsername}`);
  await label.getByRole('button', { name: 'Add paid partnership label' }).click();
  await expect(label).toContainText(`Labelled as a paid partnership with @${sponsorUsername} (waiting for them to confirm).`);
  await expect(creatorPage.getByRole('complementary', { name: 'Creator' })).toContainText('paid partnership');

  await sponsorPage.goto(`${PRODUCT}/advertiser/${sponsor.advertiserId}/sponsorships/`);
  const request = sponsorPage.getByRole('table', { name: 'Paid partnerships' }).getByRole('row', { name: /Lake look/ });
  await expect(request).toContainText('Waiting for your answer');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request).toContainText('Approved');

  // The creator becomes a verified merchant by an operator; a visitor sees both.
  const creatorBiz = (await post(creatorPage, 'BusinessConvertResource', 'create', { business_name: 'Cleo Looks', country: 'US' })).data
    .advertiser_id as string;
  admin('merchant-verify', creatorBiz);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${PRODUCT}/pin/${pin}/`);
  const card = visitor.getByRole('complementary', { name: 'Creator' });
  await expect(card).toContainText('Paid partnership with spons Lamps');
  await expect(card).toContainText('Verified merchant');
  await expect(card.getByText(/followers/)).toHaveCount(0); // an unverified identity, a visitor: no follower count

  // The creator's merchant page shows the id; the claim gives a tag for a new website.
  await creatorPage.goto(`${PRODUCT}/advertiser/${creatorBiz}/merchant/`);
  const merchantId = readRows<{ merchant_id: string }>(`select merchant_id from advertisers where id = ?`, creatorBiz)[0]!.merchant_id;
  await expect(creatorPage.getByRole('status')).toContainText(`Merchant id ${merchantId}.`);

  // The search advisory notice area.
  admin('notice', 'search', 'Lake Lamps', '2', 'Before you buy', 'Read the buying guide.', 'buying guide', '/guides/buying/');
  await visitor.goto(`${PRODUCT}/search/pins/?q=${encodeURIComponent('lake   lamps')}`);
  await expect(visitor.getByRole('heading', { name: 'Search: lake   lamps' })).toBeVisible();
  const notice = visitor.getByRole('note', { name: 'Before you buy' });
  await expect(notice).toContainText('Read the buying guide.');
  await expect(notice.getByRole('link', { name: 'buying guide' })).toHaveAttribute('href', '/guides/buying/');
  await visitor.context().close();
  await creatorPage.context().close();
});

test('the demo business’s campaign report downloads as CSV with the numbers its recorded events add up to', async ({ page }) => {
  await logIn(page, { email: 'shop@corkboard.test', password: 'corkboard-demo' });
  const advertiserId = readRows<{ id: string }>(
    `select a.id from advertisers a join users u on u.id = a.owner_user_id where u.email = ?`,
    'shop@corkboard.test',
  )[0]!.id;
  await page.goto(`${PRODUCT}/advertiser/${advertiserId}/reporting/campaigns/`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const sums = readRows<{ impressions: number; clicks: number; spend: number }>(
    `select sum(case when kind = 'impression' then 1 else 0 end) as impressions, sum(case when kind = 'click' then 1 else 0 end) as clicks, sum(spend_micro) as spend from ad_events e join campaigns c on c.id = e.campaign_id where c.advertiser_id = ?`,
    advertiserId,
  )[0]!;
  expect(sums.impressions).toBeGreaterThan(0);
  expect(csv.split('\r\n')[1]).toBe(
    `Spring lamps,ACTIVE,CONSIDERATION,USD,12.00,${csv.split('\r\n')[1]!.split(',')[5]},ongoing,${sums.impressions},${sums.clicks},${(sums.spend / 1e6).toFixed(2)}`,
  );
});
