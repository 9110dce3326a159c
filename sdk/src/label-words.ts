import de from '../../locales/de/sdk.json';
import en from '../../locales/en/sdk.json';
import es from '../../locales/es/sdk.json';
import fr from '../../locales/fr/sdk.json';
import it from '../../locales/it/sdk.json';
import ja from '../../locales/ja/sdk.json';
import ko from '../../locales/ko/sdk.json';
import nl from '../../locales/nl/sdk.json';
import pl from '../../locales/pl/sdk.json';
import pt from '../../locales/pt/sdk.json';
import ru from '../../locales/ru/sdk.json';
import sv from '../../locales/sv/sdk.json';
import tr from '../../locales/tr/sdk.json';
import zh from '../../locales/zh/sdk.json';

/**
 * The button labels of each language, as pinit.js carries them ('Save|Follow|Close'): locales/<lang>/sdk.json.
 * The browser builds write this module out of every language folder that has an sdk.json (rollup.config.mjs,
 * sdkLabels), so the scripts carry three short strings per language and no JSON keys; tests and the types read it as is.
 */
type Words = typeof en;
const CATALOGUES: Record<string, Words> = { de, en, es, fr, it, ja, ko, nl, pl, pt, ru, sv, tr, zh };

export const LABELS: Record<string, string> = Object.fromEntries(Object.entries(CATALOGUES).map(([lang, w]) => [lang, `${w.save}|${w.follow}|${w.close}`]));
