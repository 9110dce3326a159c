import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readRows, writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO, logIn, openPopup, unique } from './popup';

const demoId = () => readRows<{ id: string }>(`select id from users where email = ?`, DEMO.email)[0]!.id;

async function loggedInPopup(context: import('@playwright/test').BrowserContext, query: Record<string, string>, heading = 'Choose board') {
  await context.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: DEMO.email, password: DEMO.password } },
    headers: { Origin: PRODUCT },
  });
  const popup = await context.newPage();
  await popup.goto(`${PRODUCT}/pin/create/button/?${new URLSearchParams(query)}`);
  await expect(popup.getByRole('heading', { name: heading })).toBeVisible();
  return popup;
}

test('collaborators: an email says Keep typing!, then Click to send!, then Done!, and is invited with the new board', async ({ page, context }) => {
  const popup = await openPopup(page, context, '/lake.html');
  await logIn(popup);
  await popup.getByRole('button', { name: 'Create board' }).click();
  const search = popup.getByRole('searchbox', { name: 'Collaborators' });
  await search.fill('friend@exa');
  await expect(popup.getByRole('button', { name: /friend@exa.*Keep typing!/ })).toBeVisible();
  await search.fill('friend@example.com');
  const candidate = popup.getByRole('button', { name: /friend@example\.com.*Click to send!/ });
  await candidate.click();
  await expect(popup.getByRole('button', { name: /friend@example\.com.*Done!/ })).toBeVisible();
  await expect(popup.getByRole('list', { name: 'Invited' })).toContainText('friend@example.com');
  expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);
  const name = unique('Group trip');
  await popup.getByLabel('Name', { exact: true }).fill(name);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('Board created')).toBeVisible();
  expect(readRows(`select email from board_email_invites join boards on boards.id = board_email_invites.board_id where boards.name = ?`, name)).toEqual([
    { email: 'friend@example.com' },
  ]);
  // The invited email is mailed once (the dev outbox stands in for SMTP here); the subject is ours, the board is named in the text.
  await expect
    .poll(() => readRows(`select to_address from outbox where channel = 'email' and body like ?`, `%“${name}”%`))
    .toEqual([{ to_address: 'friend@example.com' }]);
});

test('acting for an advertiser one does not own: protected boards only, no Secret, no collaborators', async ({ context }) => {
  const advertiser = `${String(Date.now())}1`;
  const owner = `${advertiser}2`;
  writeRows(
    `insert into users (id, email, username, first_name, last_name, created_at) values (?, ?, ?, 'Brand', 'Owner', 0)`,
    owner,
    `owner${advertiser}@example.com`,
    `owner${advertiser}`,
  );
  writeRows(`insert into advertisers (id, owner_user_id, name, created_at) values (?, ?, 'Brand', 0)`, advertiser, owner);
  // OWNER permission lets a member without two-factor act for the business; they are still not its owner.
  writeRows(`insert into advertiser_members (advertiser_id, user_id, permissions) values (?, ?, '["OWNER"]')`, advertiser, demoId());

  const popup = await loggedInPopup(context, { url: `${EXAMPLES}/lake.html`, media: `${EXAMPLES}/img/mountain-lake.png`, advertiser_id: advertiser });
  await expect(popup.getByRole('list', { name: 'All boards' })).toHaveCount(0); // no protected boards yet
  await popup.getByRole('button', { name: 'Create your first board' }).click();
  const protectedSwitch = popup.getByRole('switch', { name: /Protected/ });
  await expect(protectedSwitch).toBeChecked();
  await expect(protectedSwitch).toBeDisabled();
  await expect(popup.getByRole('switch', { name: /Secret/ })).toHaveCount(0);
  await expect(popup.getByRole('searchbox', { name: 'Collaborators' })).toHaveCount(0);
  const name = unique('Campaign');
  await popup.getByLabel('Name', { exact: true }).fill(name);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('Board created')).toBeVisible();
  expect(readRows(`select privacy, advertiser_id from boards where name = ?`, name)).toEqual([{ privacy: 'protected', advertiser_id: advertiser }]);
  // The pin saved into it carries the advertiser too (the viewer is a member, not the owner).
  expect(readRows(`select pins.advertiser_id from pins join boards on boards.id = pins.board_id where boards.name = ?`, name)).toEqual([
    { advertiser_id: advertiser },
  ]);
});

test('the owner acting for their business may switch Protected on: no Secret, no collaborators, the board carries the business; in French too', async ({
  context,
}) => {
  const advertiser = `${String(Date.now())}4`;
  writeRows(`insert into advertisers (id, owner_user_id, name, created_at) values (?, ?, 'Own brand', 0)`, advertiser, demoId());

  const popup = await loggedInPopup(context, { url: `${EXAMPLES}/lake.html`, media: `${EXAMPLES}/img/mountain-lake.png`, advertiser_id: advertiser });
  await popup.getByRole('button', { name: 'Create board' }).click();
  const protectedSwitch = popup.getByRole('switch', { name: /Protected/ });
  await expect(protectedSwitch).not.toBeChecked();
  await expect(protectedSwitch).toBeEnabled();
  await expect(popup.getByRole('switch', { name: /Secret/ })).toBeVisible();
  await expect(popup.getByRole('searchbox', { name: 'Collaborators' })).toBeVisible();
  await protectedSwitch.check();
  await expect(popup.getByText('For this business: not listed on your profile, no collaborators.')).toBeVisible();
  await expect(popup.getByRole('switch', { name: /Secret/ })).toHaveCount(0);
  await expect(popup.getByRole('searchbox', { name: 'Collaborators' })).toHaveCount(0);
  expect((await new AxeBuilder({ page: popup }).analyze()).violations).toEqual([]);
  const name = unique('Launch');
  await popup.getByLabel('Name', { exact: true }).fill(name);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('Board created')).toBeVisible();
  expect(readRows(`select privacy, advertiser_id from boards where name = ?`, name)).toEqual([{ privacy: 'protected', advertiser_id: advertiser }]);
  // The owner's own pin carries no advertiser, and the board is in the owner's picker for the business.
  expect(readRows(`select pins.advertiser_id from pins join boards on boards.id = pins.board_id where boards.name = ?`, name)).toEqual([
    { advertiser_id: null },
  ]);

  const french = await loggedInPopup(
    context,
    { url: `${EXAMPLES}/lake.html`, media: `${EXAMPLES}/img/mountain-lake.png`, advertiser_id: advertiser, lang: 'fr' },
    'Choisir un tableau',
  );
  await expect(french.getByRole('list', { name: 'Tous les tableaux' }).getByRole('button', { name })).toBeVisible();
  await french.getByRole('button', { name: 'Créer un tableau' }).click();
  const protege = french.getByRole('switch', { name: /Protégé/ });
  await expect(protege).toBeEnabled();
  await protege.check();
  await expect(french.getByText("Pour cette entreprise : n'apparaît pas sur votre profil, sans collaborateurs.")).toBeVisible();
  expect((await new AxeBuilder({ page: french }).analyze()).violations).toEqual([]);
});

test('the creator card of the link’s official user, and the Instagram upsell', async ({ context }) => {
  const creator = `${Date.now()}3`;
  writeRows(
    `insert into users (id, email, username, first_name, last_name, verified_domain, created_at) values (?, ?, ?, 'Sunday', 'Kitchen', 'instagram.com', 0)`,
    creator,
    `c${creator}@example.com`,
    `kitchen${creator}`,
  );
  writeRows(`update users set listed_website_url = 'https://www.instagram.com/demo/', connected_to_instagram = 0 where id = ?`, demoId());
  const popup = await loggedInPopup(context, {
    url: 'https://www.instagram.com/p/lemon/',
    media: `${EXAMPLES}/img/lemon-tart.png`,
    description: 'From Instagram',
  });
  await popup.clock.install();
  const board = unique('Insta');
  await popup.getByRole('button', { name: 'Create board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(board);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(popup.getByRole('complementary', { name: 'Creator' })).toContainText('Sunday Kitchen');
  const upsell = popup.getByRole('dialog', { name: 'Now you can turn your Instagram posts into Pins' });
  await expect(upsell).toBeVisible();
  await expect(upsell.getByRole('link', { name: 'Connect now' })).toHaveAttribute('href', '/settings/claim/');
  await expect(upsell.getByRole('button', { name: 'Not now' })).toHaveCount(0);
  await popup.clock.runFor(2_000);
  await upsell.getByRole('button', { name: 'Not now' }).click();
  await expect(upsell).toHaveCount(0);
  expect(await popup.evaluate(() => localStorage.getItem('claiming_upsells_seen'))).toBe('["POST_CREATE_UPSELL_V2"]');
  // Promotion is not offered here, so Send shows.
  await expect(popup.getByRole('link', { name: 'Send' })).toHaveAttribute('href', /\/pin\/\d+\/\?share=true$/);
  writeRows(`update users set listed_website_url = null where id = ?`, demoId());
});
