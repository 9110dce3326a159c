import { DESCRIPTION_MAX, popupUrl } from '../../sdk/src/markup';
import { newGuid, POPUP_FEATURES } from '../../sdk/src/popup';
import { unreadable, type Unreadable } from './pages';
import { HOVER_ORIGINS, HOVER_SCRIPT, readSettings } from './settings';
import { t } from './i18n';

/**
 * The extension's background (a service worker in Chromium, an event page in Firefox): the toolbar
 * button and its keyboard shortcut (`_execute_action`), the context menus, and the hover script's
 * registration. It keeps nothing but the options in chrome.storage.local.
 */
const MENU = { image: 'save-image', page: 'save-page', never: 'never-here' } as const;
const [, width, height] = /width=(\d+),height=(\d+)/.exec(POPUP_FEATURES)!.map(Number);

/** The toolbar button, the shortcut and "Save page": the bookmarklet's picker, in the page (content.ts). */
async function pick(tab: chrome.Tab | undefined, pageUrl = tab?.url): Promise<void> {
  const why = unreadable(pageUrl);
  if (why || tab?.id === undefined) return explain(why ?? 'browser', pageUrl);
  // content.js reads the options and starts the picker itself: one call into the page.
  const injected = await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ['content.js'] }).then(
    () => true,
    (error: unknown) => {
      console.warn('[corkboard] cannot inject:', error instanceof Error ? error.message : error);
      return false;
    },
  );
  if (!injected) return explain('blocked', pageUrl);
}

/** A page the picker cannot read gets a clear message in a small window of ours (cannot.html), never silence. */
async function explain(why: Unreadable, pageUrl: string | undefined): Promise<void> {
  const query = new URLSearchParams({ why });
  if (pageUrl && /^https?:/.test(pageUrl)) query.set('url', pageUrl);
  await chrome.windows.create({ url: chrome.runtime.getURL(`cannot.html?${query}`), type: 'popup', width: 480, height: 320 });
}

/** The popup, from the background: a window of its own (no opener, so nothing is handed over). */
async function openPopupWindow(request: { url: string; media: string; description: string }): Promise<void> {
  const { origin } = await readSettings();
  const url = popupUrl(origin, 'extension', { ...request, description: request.description.slice(0, DESCRIPTION_MAX) }, newGuid(), '');
  await chrome.windows.create({ url, type: 'popup', width, height });
}

async function onMenu(info: chrome.contextMenus.OnClickData, tab?: chrome.Tab): Promise<void> {
  const pageUrl = info.frameUrl || info.pageUrl || tab?.url;
  if (info.menuItemId === MENU.image && info.srcUrl) {
    // The image right-clicked, with the page it is on: no need to read the page at all.
    return openPopupWindow({ url: pageUrl ?? '', media: info.srcUrl, description: info.selectionText || tab?.title || '' });
  }
  if (info.menuItemId === MENU.page) return pick(tab, info.pageUrl || tab?.url);
  if (info.menuItemId === MENU.never && pageUrl) {
    const host = new URL(pageUrl).hostname;
    const { never } = await readSettings();
    if (host && !never.includes(host)) await chrome.storage.local.set({ never: [...never, host] });
  }
}

/** The hover script runs on every site only while the user wants it and has granted the access it needs. */
async function syncHover(): Promise<void> {
  const { hover } = await readSettings();
  const wanted = hover && (await chrome.permissions.contains({ origins: HOVER_ORIGINS }));
  const registered = (await chrome.scripting.getRegisteredContentScripts({ ids: [HOVER_SCRIPT] })).length > 0;
  if (wanted && !registered)
    await chrome.scripting.registerContentScripts([
      { id: HOVER_SCRIPT, matches: HOVER_ORIGINS, js: ['hover.js'], runAt: 'document_idle', persistAcrossSessions: true },
    ]);
  if (!wanted && registered) await chrome.scripting.unregisterContentScripts({ ids: [HOVER_SCRIPT] });
  await chrome.contextMenus.update(MENU.never, { visible: !!wanted }).catch(() => undefined);
}

async function makeMenus(): Promise<void> {
  await chrome.contextMenus.removeAll();
  chrome.contextMenus.create({ id: MENU.image, title: t('menuSaveImage'), contexts: ['image'] });
  chrome.contextMenus.create({ id: MENU.page, title: t('menuSavePage'), contexts: ['page'] });
  chrome.contextMenus.create({ id: MENU.never, title: t('menuNeverHere'), contexts: ['page', 'image'], visible: false });
  await syncHover();
}

const quietly =
  <T extends unknown[]>(fn: (...args: T) => Promise<void>) =>
  (...args: T) =>
    void fn(...args).catch((error: unknown) => console.warn('[corkboard]', error));

chrome.action.onClicked.addListener(quietly(pick));
chrome.contextMenus.onClicked.addListener(quietly(onMenu));
chrome.runtime.onInstalled.addListener(quietly(makeMenus));
chrome.runtime.onStartup.addListener(quietly(makeMenus));
chrome.storage.onChanged.addListener(quietly(syncHover));
chrome.permissions.onAdded.addListener(quietly(syncHover));
chrome.permissions.onRemoved.addListener(quietly(syncHover));

/**
 * The handlers the browser calls, for tests: a context menu cannot be clicked in headless Chromium, so
 * the e2e suite calls the same handler the menu calls (tests/e2e/extension.spec.ts). Nothing a page
 * can reach: the worker's global is the extension's own.
 */
Object.assign(globalThis, { corkboard: { pick, onMenu, syncHover } });
