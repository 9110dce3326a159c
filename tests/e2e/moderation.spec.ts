import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { readRows, writeRows } from './db';
import { PRODUCT } from './origins';
import { admin, freshAccount, logInWith } from './safety-helpers';

/**
 * Issue 41: a visitor and a member report a public pin (the member in French); an operator logs in with
 * two-factor, finds the report in the console's queue and hides the pin; it is gone from search, its board,
 * the member's feed and its embed for everyone but its owner, who sees why and appeals; the reporter is
 * told; the operator restores it on appeal; the audit log has each decision.
 */

// One story across four people's browsers (owner, member, visitor, operator) and the admin command line.
test.setTimeout(180_000);

const SECRET = 'JBSWY3DPEHPK3PXP';
const codeNow = () => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30, timestamp: Date.now() });

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const logIn = (request: APIRequestContext, login: { email: string; password: string }) =>
  request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
async function post(request: APIRequestContext, resource: string, options: Record<string, unknown>) {
  const res = await request.post(`${PRODUCT}/resource/${resource}/create/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).resource_response.data;
}
const read = async (request: APIRequestContext, name: string, options: Record<string, unknown> = {}) =>
  request.get(`${PRODUCT}/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`);
const pinIds = async (request: APIRequestContext, name: string, options: Record<string, unknown> = {}) =>
  ((await (await read(request, name, options)).json()).resource_response.data?.pins ?? []).map((p: { id: string }) => p.id);

async function person(browser: Browser, prefix: string, firstName: string) {
  const account = freshAccount(prefix, firstName);
  const context = await browser.newContext();
  await logIn(context.request, account);
  return { account, context, page: await context.newPage() };
}

test('a reported pin is hidden by an operator with two-factor: gone for others, marked for its owner who appeals, the reporters told', async ({ browser }) => {
  const word = `kelp${Date.now().toString(36)}`;
  const owner = await person(browser, 'mod-owner', 'Opal');
  const board = await post(owner.context.request, 'BoardResource', { name: `Seaweed ${word}`, privacy: 'public' });
  const pin = (
    await post(owner.context.request, 'PinResource', {
      board_id: board.id,
      title: `Dried ${word}`,
      link: `https://${word}.example/`,
      color: '#2a7f62',
      method: 'button',
    })
  ).id as string;
  const pinUrl = `${PRODUCT}/pin/${pin}/`;

  // A member who follows the owner sees the pin in their feed and reports it, in French.
  const member = await person(browser, 'mod-member', 'Mina');
  const ownerId = readRows<{ id: string }>('select id from users where email = ?', owner.account.email)[0]!.id;
  await post(member.context.request, 'UserFollowResource', { user_id: ownerId });
  expect(await pinIds(member.context.request, 'HomeFeedResource')).toContain(pin);
  await member.page.goto(`${pinUrl}?lang=fr`);
  await expect(member.page.locator('html')).toHaveAttribute('lang', 'fr');
  await member.page.getByRole('button', { name: "Plus d'actions" }).click();
  await member.page.getByRole('button', { name: 'Signaler cette Épingle' }).click();
  const dialogFr = member.page.getByRole('dialog', { name: 'Signaler cette Épingle' });
  await expect(dialogFr.getByRole('group', { name: 'Pourquoi signalez-vous ceci ?' })).toBeVisible();
  await expect(dialogFr.getByRole('radio')).toHaveCount(10);
  await dialogFr.getByRole('radio', { name: 'Spam' }).check();
  await dialogFr.getByLabel('Autre chose à nous dire ? (facultatif)').fill('Des liens publicitaires');
  await axeClean(member.page);
  await dialogFr.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialogFr.getByText("Merci de nous avoir prévenus. Nous allons l'examiner au regard de nos règles.")).toBeVisible();
  await expect(dialogFr.getByRole('button', { name: 'Le masquer pour moi' })).toBeVisible();
  await dialogFr.getByRole('button', { name: 'Fermer' }).click();

  // A visitor reports it too, and hides it from their own view.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(pinUrl);
  await visitorPage.getByRole('button', { name: 'More actions' }).click();
  await visitorPage.getByRole('button', { name: 'Report this Pin' }).click();
  const dialog = visitorPage.getByRole('dialog', { name: 'Report this Pin' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thanks for telling us. We will review it against our rules.')).toBeVisible();
  await axeClean(visitorPage);
  await dialog.getByRole('button', { name: 'Hide it from my view' }).click();
  await expect(visitorPage.getByText('Hidden from your view.')).toBeVisible();
  // Reporting alone hides nothing.
  expect((await visitor.request.get(pinUrl)).status()).toBe(200);
  expect(await pinIds(visitor.request, 'BoardFeedResource', { board_id: board.id })).toContain(pin);

  // The operator, made by the command line, logs in with two-factor and decides from the queue.
  const operator = freshAccount('mod-op', 'Otto');
  admin('operator', operator.email);
  writeRows(`update users set mfa_method = 'totp', totp_secret = ?, mfa_enabled_at = ? where email = ?`, SECRET, Date.now(), operator.email);
  const opContext = await browser.newContext();
  const op = await opContext.newPage();
  await op.goto(`${PRODUCT}/login?next=${encodeURIComponent('/admin/reports/')}`);
  await logInWith(op, operator.email, operator.password);
  await expect(op.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await op.getByLabel('Verification code', { exact: true }).fill(codeNow());
  await op.getByRole('button', { name: 'Verify' }).click();
  await expect(op.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const item = op.getByRole('article', { name: `Pin: Dried ${word}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('Open reports: 2')).toBeVisible();
  await expect(item.getByText(`By ${owner.account.username}`)).toBeVisible();
  await expect(item.getByText('Des liens publicitaires')).toBeVisible();
  await axeClean(op);
  await item.getByRole('button', { name: 'Hide', exact: true }).click();
  const decide = op.getByRole('dialog', { name: `Hide: Dried ${word}` });
  await decide.getByLabel('Why (the owner is told; the audit log keeps it)').fill('Spam links');
  await axeClean(op);
  await decide.getByRole('button', { name: 'Confirm' }).click();
  await expect(op.getByRole('status').filter({ hasText: 'Decided: Hide.' })).toBeVisible();
  await expect(item).toHaveCount(0);

  // Gone for everyone else: its page, its board, search, the member's feed, its oEmbed and embed.
  expect((await visitor.request.get(`${PRODUCT}/oembed?url=${encodeURIComponent(pinUrl)}&format=json`)).status()).toBe(404);
  expect(await pinIds(visitor.request, 'BoardFeedResource', { board_id: board.id })).not.toContain(pin);
  expect(await pinIds(visitor.request, 'SearchPinsResource', { q: word })).not.toContain(pin);
  expect(await pinIds(member.context.request, 'HomeFeedResource')).not.toContain(pin);
  expect((await read(member.context.request, 'PinResource', { id: pin })).status()).toBe(404);

  // Its owner sees it marked with the reason and appeals, once.
  await owner.page.goto(pinUrl);
  await expect(owner.page.getByText('Hidden from everyone else by the moderators. Why: Spam links')).toBeVisible();
  await owner.page.getByRole('button', { name: 'Appeal' }).click();
  await owner.page.getByLabel('Why should we look again? (optional)').fill('It is a recipe ingredient');
  await owner.page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(owner.page.getByText('You have appealed. We will look again.')).toBeVisible();
  await axeClean(owner.page);
  await owner.page.reload();
  await expect(owner.page.getByText('You have appealed. We will look again.')).toBeVisible();
  await expect(owner.page.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
  await owner.page.goto(`${PRODUCT}/notifications/`);
  await expect(owner.page.getByText('We hid your Pin from everyone else. Why: Spam links')).toBeVisible();

  // The appeal lands in the queue, marked.
  await op.reload();
  await expect(item.getByText('Appealed by its owner')).toBeVisible();
  await expect(item.getByText('It is a recipe ingredient')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);

  // The member who reported is told, in French.
  await member.page.goto(`${PRODUCT}/notifications/?lang=fr`);
  await expect(member.page.getByText('Nous avons examiné votre signalement. Merci de nous avoir prévenus.')).toBeVisible();
  await axeClean(member.page);

  // The appeal upheld from the queue: shown again to everyone, its owner told.
  await item.getByRole('button', { name: 'Restore (show again)' }).click();
  await op
    .getByRole('dialog', { name: `Restore (show again): Dried ${word}` })
    .getByLabel('Why (the owner is told; the audit log keeps it)')
    .fill('An ingredient, not spam');
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(item).toHaveCount(0);
  expect((await visitor.request.get(`${PRODUCT}/oembed?url=${encodeURIComponent(pinUrl)}&format=json`)).status()).toBe(200);
  await owner.page.goto(`${PRODUCT}/notifications/`);
  await expect(owner.page.getByText('We looked again and your Pin is shown again. Why: An ingredient, not spam')).toBeVisible();

  // The audit log has each decision, by this operator, with its reason, newest first.
  const audit = (await (await read(opContext.request, 'OperatorAuditResource', { limit: 200 })).json()).resource_response.data.entries as Array<{
    action: string;
    subject_id: string;
    reason: string;
    operator_username: string;
  }>;
  expect(audit.filter((e) => e.subject_id === pin).map((e) => [e.action, e.reason, e.operator_username])).toEqual([
    ['report.restore', 'An ingredient, not spam', operator.username],
    ['report.hide', 'Spam links', operator.username],
  ]);

  // A member is not an operator: the queue and its API do not exist for them.
  expect((await member.context.request.get(`${PRODUCT}/v3/admin/reports/`)).status()).toBe(404);
  await member.page.goto(`${PRODUCT}/admin/reports/`);
  await expect(member.page.getByRole('heading', { level: 1, name: /Not found|Introuvable|Page introuvable/ })).toBeVisible();
  for (const c of [owner.context, member.context, visitor, opContext]) await c.close();
});
