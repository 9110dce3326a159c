import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';

/** The unpacked extension as `npm run build` makes it. */
export const BUILT = resolve('dist/extension');

export interface Loaded {
  context: BrowserContext;
  worker: Worker;
  id: string;
  /** A browser-level DevTools session: Extensions.triggerAction needs one. */
  browser: CDPSession;
  /** Removes the profile (and the package copy, if one was made). */
  close(): Promise<void>;
}

/**
 * Real Chromium with the extension loaded, headless (Chromium runs MV3 service workers headless). The
 * DevTools pipe and --enable-unsafe-extension-debugging let a test press the toolbar button for real.
 */
/** `lang`: the browser's own language (its menus and the extension's catalogue follow it), English unless given. */
export async function loadExtension(dir = BUILT, extraCleanup?: () => Promise<void>, lang?: string): Promise<Loaded> {
  const profile = await mkdtemp(join(tmpdir(), 'corkboard-ext-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--enable-unsafe-extension-debugging',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(lang ? [`--lang=${lang}`] : []),
    ],
    ...(lang ? { locale: lang } : {}),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const browser = await context.browser()!.newBrowserCDPSession();
  return {
    context,
    worker,
    id,
    browser,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
      await extraCleanup?.();
    },
  };
}

/**
 * A copy of the package whose host access is granted at load (optional_host_permissions made required):
 * a permission prompt cannot be answered in headless Chromium, so this stands for "the user said yes".
 */
export async function loadWithHostAccess(): Promise<Loaded> {
  const dir = await mkdtemp(join(tmpdir(), 'corkboard-ext-granted-'));
  await cp(BUILT, dir, { recursive: true });
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  manifest.host_permissions = manifest.optional_host_permissions;
  delete manifest.optional_host_permissions;
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return loadExtension(dir, () => rm(dir, { recursive: true, force: true }));
}

/**
 * Presses the extension's toolbar button on a page's tab, as a user's click does (activeTab granted):
 * Playwright cannot click browser chrome, so DevTools' Extensions.triggerAction does it on the tab target.
 * About one press in eight, headless Chromium 156 runs the click without the activeTab grant (the
 * injection is refused and the extension says so in its "blocked" window); that press is made again, once.
 */
export async function clickToolbar(loaded: Loaded, page: Page, tries = 2): Promise<void> {
  // The clicked tab is the window's active one, as it is for a user.
  await page.bringToFront();
  const { targetInfos } = await loaded.browser.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const tab = targetInfos.filter((t) => t.url === page.url()).at(-1);
  if (!tab) throw new Error(`No tab target for ${page.url()}`);
  const refused = loaded.context.waitForEvent('page', { predicate: (p) => p.url().includes('/cannot.html?why=blocked'), timeout: 1500 }).catch(() => null);
  await loaded.browser.send('Extensions.triggerAction', { id: loaded.id, targetId: tab.targetId });
  const message = await refused;
  if (!message) return;
  await message.close();
  if (tries <= 1) throw new Error(`The toolbar press on ${page.url()} was refused twice`);
  await clickToolbar(loaded, page, tries - 1);
}

/** The product origin the extension opens its popup on, set through its options page as a user would. */
export async function setProductOrigin(loaded: Loaded, origin: string): Promise<void> {
  const options = await loaded.context.newPage();
  await options.goto(`chrome-extension://${loaded.id}/options.html`);
  await options.getByLabel('Product address').fill(origin);
  await options.getByRole('button', { name: 'Save address' }).click();
  await options.getByText(`Saved. The Save window now opens on ${origin}.`).waitFor();
  await options.close();
}
