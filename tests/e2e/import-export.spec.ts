import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/** Issue 28: export everything as a ZIP, import it into another account; a bookmarks file with progress; French. */

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const logInAs = async (page: Page, login: { email: string; password: string }) => {
  const res = await page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: PRODUCT },
  });
  expect(res.status()).toBe(200);
};
async function make<T = { id: string }>(page: Page, name: string, options: Record<string, unknown>): Promise<T> {
  const res = await page.request.post(`${PRODUCT}/resource/${name}/create/`, { data: { options }, headers: { Origin: PRODUCT } });
  expect(res.status()).toBe(200);
  return (await res.json()).resource_response.data as T;
}
const pinImages = async (page: Page, id: string) =>
  (await (await page.request.get(`${PRODUCT}/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id } }))}`)).json())
    .resource_response.data.images;

/** A Netscape bookmarks file of `n` links in folders of 1,000. */
function bookmarks(n: number): Buffer {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (let folder = 0; folder * 1000 < n; folder++) {
    lines.push(`  <DT><H3 ADD_DATE="1700000000">Reading list ${folder + 1}</H3>`, '  <DL><p>');
    for (let i = folder * 1000; i < Math.min(n, (folder + 1) * 1000); i++)
      lines.push(`    <DT><A HREF="https://example.com/article/${i}" ADD_DATE="${1700000000 + i}">Article ${i}</A>`);
    lines.push('  </DL><p>');
  }
  lines.push('</DL><p>');
  return Buffer.from(lines.join('\n'));
}

test('export everything as a ZIP, import it into another account and see the same boards and images', async ({ page, browser }) => {
  const alice = freshAccount('exporter', 'Alma');
  await logInAs(page, alice);
  const trips = await make(page, 'BoardResource', { name: 'Trip ideas' });
  await make(page, 'BoardResource', { name: 'Baking' });
  const lake = await make(page, 'PinResource', {
    board_id: trips.id,
    image_url: `${EXAMPLES}/img/mountain-lake.png`,
    link: `${EXAMPLES}/lake.html`,
    title: 'Mountain lake',
    description: 'Next summer #lakes',
  });
  await make(page, 'PinResource', { board_id: trips.id, link: `${EXAMPLES}/notes.html`, title: 'Packing notes', color: '#336699' });
  // The image is fetched and re-encoded by the ingest job.
  await expect.poll(async () => !!(await pinImages(page, lake.id)), { timeout: 20_000 }).toBe(true);

  await page.goto(`${PRODUCT}/settings/account/`);
  await page.getByRole('link', { name: 'Import and export your saves' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/settings/import-export/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await axeClean(page);

  await page.getByRole('button', { name: 'Export everything' }).click();
  const link = page.getByRole('link', { name: /^Download your export \(/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await axeClean(page);
  const download = page.waitForEvent('download');
  await link.click();
  const zip = await (await download).path();

  // Bob, in a browser of his own.
  const bob = freshAccount('importer', 'Bram');
  const context = await browser.newContext();
  const other = await context.newPage();
  await logInAs(other, bob);
  await other.goto(`${PRODUCT}/settings/import-export/`);
  await other.getByLabel('File to import').setInputFiles(zip);
  await other.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(other.getByRole('status').filter({ hasText: /^Import finished\. Items added: 3\./ })).toBeVisible({ timeout: 30_000 });
  await axeClean(other);
  await other.getByRole('link', { name: 'See your boards' }).click();
  await expect(other).toHaveURL(`${PRODUCT}/${bob.username}/`);
  await expect(other.getByRole('link', { name: /Trip ideas/ }).first()).toBeVisible();
  await expect(other.getByRole('link', { name: /Baking/ }).first()).toBeVisible();
  await other
    .getByRole('link', { name: /Trip ideas/ })
    .first()
    .click();
  // The pin shows Bob's own copy of the image, from the ZIP.
  const image = other.getByRole('img', { name: /Mountain lake/ }).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.getAttribute('src')).toMatch(new RegExp(`^${PRODUCT}/media/\\d+/`));
  await context.close();
});

test('a 20,000-bookmark file imports as a job whose progress the page shows', async ({ page }) => {
  const owner = freshAccount('bookmarker', 'Bea');
  await logInAs(page, owner);
  await page.goto(`${PRODUCT}/settings/import-export/`);
  await page.getByLabel('File to import').setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: bookmarks(20_000) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Your import is waiting to start…|Importing: [\d,]+ of 20,000)$/ })).toBeVisible();
  await axeClean(page);
  // Progress moves while the job writes, then the page says it is done.
  await expect.poll(async () => Number(await progress.getAttribute('value').catch(() => 20_000)), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'Import finished. Items added: 20,000.' })).toBeVisible({ timeout: 90_000 });
  await page.goto(`${PRODUCT}/${owner.username}/`);
  await expect(page.getByRole('link', { name: /Reading list 20/ }).first()).toBeVisible();
});

test('in French: a Pinterest CSV is imported, and a file that is not one is refused in French', async ({ page, context }) => {
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  const owner = freshAccount('importeur', 'Inès');
  await logInAs(page, owner);
  await page.goto(`${PRODUCT}/settings/import-export/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Importer et exporter' })).toBeVisible();

  await page.getByLabel('Fichier à importer').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some words') });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Nous ne pouvons pas lire ce fichier\./);
  await axeClean(page);

  const csv = `Title,Media URL,Pinterest board,Description,Link\nTarte,${EXAMPLES}/img/lemon-tart.png,Desserts,#tarte,${EXAMPLES}/notes.html\nPain,,Desserts,,${EXAMPLES}/lake.html\n`;
  await page.getByLabel('Fichier à importer').setInputFiles({ name: 'pins.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import terminé. Éléments ajoutés : 2.' })).toBeVisible({ timeout: 30_000 });
  await axeClean(page);
  await page.getByRole('link', { name: 'Voir vos tableaux' }).click();
  await expect(page.getByRole('link', { name: /Desserts/ }).first()).toBeVisible();
});
