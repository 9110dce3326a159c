import englishWords from '../../../../locales/en/advertiser-members.json';
import { defineMessages } from '../../i18n';

/**
 * A business's members: /advertiser/{id}/members/ and the invite's /advertiser/invite/. The
 * server's member errors (330-349) are said here in the reader's language, by code.
 */
export const english = englishWords;

export const messages = defineMessages('members', english, (lang) => import(`../../../../locales/${lang}/advertiser-members.json`));

export const { t } = messages;
