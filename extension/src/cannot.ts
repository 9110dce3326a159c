import { popupUrl } from '../../sdk/src/markup';
import { newGuid } from '../../sdk/src/popup';
import { MESSAGES, type Unreadable } from './pages';
import { readSettings } from './settings';
import { t, translatePage } from './i18n';

/** cannot.html: why the picker could not run on a page, and, for a web page, its link to save instead. */
const query = new URLSearchParams(location.search);
const why = (query.get('why') ?? 'browser') as Unreadable;
const message = MESSAGES[why] ?? MESSAGES.browser;
const page = query.get('url');
translatePage();
document.title = t(message.title);
document.getElementById('title')!.textContent = t(message.title);
document.getElementById('body')!.textContent = t(message.body);
document.getElementById('close')!.onclick = () => window.close();

const saveLink = document.getElementById('save-link')!;
if (page && /^https?:/.test(page) && (why === 'pdf' || why === 'blocked')) {
  saveLink.hidden = false;
  saveLink.onclick = async () => {
    const { origin } = await readSettings();
    location.assign(popupUrl(origin, 'extension', { url: page, media: '', description: '' }, newGuid(), ''));
  };
}
