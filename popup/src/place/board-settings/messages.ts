import englishWords from '../../../../locales/en/place-board-settings.json';
import { defineMessages } from '../../i18n';

/**
 * Board settings from the board page: name, description, secret, cover, collaborators,
 * archiving, and adding a section. The board page is a lazy chunk; these words come with it, translated
 * into every language (i18n/catalogues.test.ts).
 */
export const english = englishWords;

export const messages = defineMessages('boardSettings', english, (lang) => import(`../../../../locales/${lang}/place-board-settings.json`));

export const { t } = messages;
