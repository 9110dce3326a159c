import type { Locale } from '../lib/rules/locales.js';

/**
 * The words of a link preview (pages/head.ts): what a chat app or a crawler shows of a page when its
 * owner wrote nothing to show. A language without its own words falls back to English, word by word.
 */
const EN = {
  tagline: 'Save the ideas you find on the web to boards on {brand}.',
  pinTitle: 'Pin by {name} on {board}',
  boardDescription: 'A board by {name} on {brand}.',
  profileDescription: 'See the boards and Pins {name} saves on {brand}.',
};
type PreviewWord = keyof typeof EN;

const OTHERS: Partial<Record<Locale, Partial<Record<PreviewWord, string>>>> = {
  de: {
    tagline: 'Speichere die Ideen, die du im Web findest, auf Pinnwänden in {brand}.',
    pinTitle: 'Pin von {name} auf {board}',
    boardDescription: 'Eine Pinnwand von {name} auf {brand}.',
    profileDescription: 'Sieh dir die Pinnwände und Pins an, die {name} auf {brand} speichert.',
  },
  fr: {
    tagline: 'Enregistrez les idées trouvées sur le Web dans des tableaux sur {brand}.',
    pinTitle: 'Épingle de {name} sur {board}',
    boardDescription: 'Un tableau de {name} sur {brand}.',
    profileDescription: 'Découvrez les tableaux et les Épingles que {name} enregistre sur {brand}.',
  },
  es: {
    tagline: 'Guarda en tableros de {brand} las ideas que encuentras en la web.',
    pinTitle: 'Pin de {name} en {board}',
    boardDescription: 'Un tablero de {name} en {brand}.',
    profileDescription: 'Mira los tableros y Pines que {name} guarda en {brand}.',
  },
};

/** A preview word in a language, with the product's name and the given names filled in (plain text: head.ts escapes). */
export function previewWord(locale: Locale, brand: string, key: PreviewWord, names: { name?: string; board?: string } = {}): string {
  const text = OTHERS[locale]?.[key] ?? EN[key];
  // One pass: a name that itself reads "{board}" stays as written.
  const values: Record<string, string> = { brand, name: names.name ?? '', board: names.board ?? '' };
  return text.replace(/\{(brand|name|board)\}/g, (_, name: string) => values[name]!);
}
