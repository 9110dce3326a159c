import { expect, test } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { DEMO } from './popup';
import { logIn, openPopup } from './sdk';
import { freshAccount } from './safety-helpers';
import fr from '../../locales/fr/app.json' with { type: 'json' };

/**
 * The popup in the user's language: a French publisher page (examples/francais.html,
 * <html lang="fr">) opens a French popup, from log-in to success; a button with data-pin-lang="ar"
 * opens one laid out right to left. The browser itself is English.
 */
test('a French page opens the popup in French, from log-in to the success screen', async ({ page, context }) => {
  await context.clock.install();
  await page.goto(`${EXAMPLES}/francais.html`);
  const { popup, query } = await openPopup(context, () => page.getByRole('button', { name: 'Enregistrer' }).click());
  expect(query.get('lang')).toBe('fr');
  await expect(popup.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(popup.locator('html')).toHaveAttribute('dir', 'ltr');

  await expect(popup.getByRole('heading', { name: "S'inscrire pour enregistrer" })).toBeVisible();
  await popup.getByRole('button', { name: 'Se connecter' }).click();
  await expect(popup.getByRole('heading', { name: 'Se connecter pour enregistrer' })).toBeVisible();
  await popup.getByLabel('E-mail').fill(DEMO.email);
  await popup.getByLabel('Mot de passe').fill('pas le bon');
  await popup.getByRole('button', { name: 'Se connecter' }).click();
  // The server's message (English, word for word) shown in French.
  await expect(popup.getByText('Le mot de passe saisi est incorrect. Réessayez ou réinitialisez votre mot de passe')).toBeVisible();
  await popup.getByLabel('Mot de passe').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Se connecter' }).click();

  await expect(popup.getByRole('heading', { name: 'Choisir un tableau' })).toBeVisible();
  await expect(popup.getByPlaceholder('Rechercher')).toBeVisible();
  const recipes = popup.getByRole('list', { name: 'Tous les tableaux' }).getByRole('button', { name: /^Recipes/ });
  await expect(recipes).toContainText(/\d+ épingles?/);
  await recipes.click();

  await expect(popup.getByRole('heading', { name: 'Enregistrée dans Recipes' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Voir maintenant' })).toBeVisible();
  await expect(popup.getByText('Cette fenêtre se fermera d’elle-même dans 10 secondes.')).toBeVisible();
  await expect(popup.getByText(/Choose board|Saved to|See it now/)).toHaveCount(0);
});

test('an Arabic button opens the popup right to left', async ({ page, context }) => {
  await logIn(context);
  await page.goto(`${EXAMPLES}/francais.html`);
  const { popup, query } = await openPopup(context, () => page.locator('#arabic').getByRole('button').click());
  expect(query.get('lang')).toBe('ar');
  await expect(popup.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(popup.locator('html')).toHaveAttribute('lang', 'ar');

  const heading = popup.getByRole('heading', { name: 'اختيار لوحة' });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // Right to left: the close button, after the title in the document, sits to its left; a board's cover sits right of its name.
  const close = popup.getByRole('button', { name: 'إغلاق' });
  expect((await close.boundingBox())!.x).toBeLessThan((await heading.boundingBox())!.x);
  const row = popup.getByRole('list', { name: 'كل اللوحات' }).getByRole('button', { name: /^Recipes/ });
  const cover = (await row.locator('.cover').boundingBox())!;
  const name = (await row.locator('.name').boundingBox())!;
  expect(cover.x).toBeGreaterThan(name.x + name.width - 1);
});

test('a language the user chooses is remembered, over the browser and the page', async ({ page }) => {
  await page.goto(`${PRODUCT}/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // The choice wins over the page's ?lang= the next time, rendered so by the server from the first byte.
  const shell = await page.request.get(`${PRODUCT}/login?lang=fr`);
  expect(await shell.text()).toContain('<html lang="de" dir="ltr">');
  await page.goto(`${PRODUCT}/login?lang=fr`);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
});

test('a French visitor resets a password in French: the account pages come with their own words', async ({ page }) => {
  const user = freshAccount('reset-fr');
  await page.goto(`${PRODUCT}/password/reset/?lang=fr&ue=${encodeURIComponent(user.email)}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Retrouvons votre compte' })).toBeVisible();
  await expect(page.getByLabel('E-mail ou nom d’utilisateur')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Envoyer l’e-mail de réinitialisation' }).click();
  await expect(page.getByRole('alertdialog', { name: 'E-mail de réinitialisation envoyé' })).toBeVisible();
  await expect(page.getByText(`Nous avons envoyé à ${user.email} les instructions pour choisir un nouveau mot de passe.`)).toBeVisible();
  await page.getByRole('button', { name: 'Renvoyer l’e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail envoyé !' })).toBeVisible();

  // A link that does not work: the server's answer (English, from the error catalogue) shown in French.
  await page.goto(`${PRODUCT}/password/reset/?lang=fr&token=not-a-real-one`);
  await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Quince-Harbour-77');
  await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(page.getByText('Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Envoyer un nouveau lien' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();
  await expect(page.getByText(/Pick a new password|Change password|expired/)).toHaveCount(0);
});

test('in French, a profile, a board and a pin that are not there say so in French, not in the server’s English', async ({ page, context }) => {
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  await page.goto(`${PRODUCT}/nosuchperson_e2e/`);
  await expect(page.getByRole('alert')).toHaveText(fr.errors!.profile_not_found!);
  await page.goto(`${PRODUCT}/nosuchperson_e2e/nosuchboard/`);
  await expect(page.getByRole('alert')).toHaveText(fr.errors!.board_not_found!);
  // A pin page whose pin is gone sends the visitor home with the reason.
  await page.goto(`${PRODUCT}/pin/123456789012345678/`);
  await expect(page.getByRole('alert')).toHaveText(fr.errors!.pin_not_found!);
  await expect(page.locator('body')).not.toContainText("Sorry, we couldn't find");
});
