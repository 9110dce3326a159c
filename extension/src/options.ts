import { HOVER_ORIGINS, parseOrigin, readSettings } from './settings';
import { t, translatePage } from './i18n';

/** options.html: the product address, hover buttons on or off (with the access they need), the "never here" sites. */
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const originInput = $<HTMLInputElement>('origin');
const hoverBox = $<HTMLInputElement>('hover');
const say = (id: string, text: string) => ($(id).textContent = text);

async function show(): Promise<void> {
  const settings = await readSettings();
  if (document.activeElement !== originInput) originInput.value = settings.origin;
  hoverBox.checked = settings.hover && (await chrome.permissions.contains({ origins: HOVER_ORIGINS }));
  const list = $('never');
  list.replaceChildren(
    ...settings.never.map((host) => {
      const item = document.createElement('li');
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'quiet';
      remove.textContent = t('optionsRemove');
      remove.setAttribute('aria-label', t('optionsRemoveHost', host));
      remove.onclick = () => void chrome.storage.local.set({ never: settings.never.filter((h) => h !== host) });
      item.append(host, remove);
      return item;
    }),
  );
  $('never-empty').hidden = settings.never.length > 0;
}

$<HTMLFormElement>('origin-form').onsubmit = (event) => {
  event.preventDefault();
  const origin = parseOrigin(originInput.value);
  if (!origin) return say('origin-status', t('optionsOriginInvalid'));
  void chrome.storage.local.set({ origin }).then(() => say('origin-status', t('optionsOriginSaved', origin)));
};

hoverBox.onchange = async () => {
  say('hover-status', '');
  if (hoverBox.checked) {
    // Asked here, in the click: browsers only ask the user for access during a gesture.
    const granted = await chrome.permissions.request({ origins: HOVER_ORIGINS }).catch(() => false);
    hoverBox.checked = granted;
    if (!granted) return say('hover-status', t('optionsHoverDenied'));
    await chrome.storage.local.set({ hover: true });
    say('hover-status', t('optionsHoverOn'));
  } else {
    await chrome.storage.local.set({ hover: false });
    await chrome.permissions.remove({ origins: HOVER_ORIGINS }).catch(() => false);
    say('hover-status', t('optionsHoverOff'));
  }
};

translatePage();
document.title = t('optionsTitle');
chrome.storage.onChanged.addListener(() => void show());
void show();
