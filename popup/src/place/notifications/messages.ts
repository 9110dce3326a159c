import englishWords from '../../../../locales/en/place-notifications.json';
import { defineMessages } from '../../i18n';

/**
 * Notifications in the app: the header's badge and the list page (/notifications/). Both are
 * lazy chunks, so the save popup's first-open bundle does not carry them; their words come with them.
 */
export const english = englishWords;

export const messages = defineMessages('notifications', english, (lang) => import(`../../../../locales/${lang}/place-notifications.json`));

export const { t } = messages;
