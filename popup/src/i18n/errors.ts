import { catalogue, type ErrorName } from '../../../api/src/lib/errors.contract';

/**
 * Every message of the API's error catalogue (api/src/lib/errors.contract.ts), by error name, as the server
 * sends it: the English side of each language's `errors` namespace (locales/<lang>/app.json), which fromEnglish finds a
 * message by. English readers never need it (the server's words are theirs), so it is its own chunk, loaded
 * with any other language (applyLocale) rather than in the bundle everyone downloads. `{brand}` is the product's name.
 */
export const ERROR_MESSAGES = Object.fromEntries(Object.entries(catalogue).map(([name, entry]) => [name, entry.message])) as Record<ErrorName, string>;
