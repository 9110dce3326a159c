import type { Locale } from '../lib/rules/locales.js';

/**
 * The words of a link preview (pages/head.ts): what a chat app or a crawler shows of a page when its
 * owner wrote nothing to show, in every language of the app (the type holds each to every word).
 */
const EN = {
  tagline: 'Save the ideas you find on the web to boards on {brand}.',
  pinTitle: 'Pin by {name} on {board}',
  boardDescription: 'A board by {name} on {brand}.',
  profileDescription: 'See the boards and Pins {name} saves on {brand}.',
};
type PreviewWord = keyof typeof EN;

const OTHERS: Record<Exclude<Locale, 'en'>, Record<PreviewWord, string>> = {
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
  it: {
    tagline: 'Salva su bacheche di {brand} le idee che trovi sul web.',
    pinTitle: 'Pin di {name} su {board}',
    boardDescription: 'Una bacheca di {name} su {brand}.',
    profileDescription: 'Guarda le bacheche e i Pin che {name} salva su {brand}.',
  },
  pt: {
    tagline: 'Salve em pastas do {brand} as ideias que você encontra na web.',
    pinTitle: 'Pin de {name} em {board}',
    boardDescription: 'Uma pasta de {name} no {brand}.',
    profileDescription: 'Veja as pastas e os Pins que {name} salva no {brand}.',
  },
  nl: {
    tagline: 'Bewaar de ideeën die je op het web vindt op borden in {brand}.',
    pinTitle: 'Pin van {name} op {board}',
    boardDescription: 'Een bord van {name} op {brand}.',
    profileDescription: 'Bekijk de borden en pins die {name} op {brand} bewaart.',
  },
  sv: {
    tagline: 'Spara idéerna du hittar på webben på anslagstavlor i {brand}.',
    pinTitle: 'Pin av {name} på {board}',
    boardDescription: 'En anslagstavla av {name} på {brand}.',
    profileDescription: 'Se anslagstavlorna och pinsen som {name} sparar på {brand}.',
  },
  pl: {
    tagline: 'Zapisuj pomysły znalezione w sieci na tablicach w {brand}.',
    pinTitle: 'Pin użytkownika {name} na tablicy {board}',
    boardDescription: 'Tablica użytkownika {name} w {brand}.',
    profileDescription: 'Zobacz tablice i piny, które {name} zapisuje w {brand}.',
  },
  ru: {
    tagline: 'Сохраняйте идеи, найденные в интернете, на досках {brand}.',
    pinTitle: 'Пин от {name} на доске {board}',
    boardDescription: 'Доска пользователя {name} на {brand}.',
    profileDescription: 'Доски и пины, которые {name} сохраняет на {brand}.',
  },
  tr: {
    tagline: "Web'de bulduğun fikirleri {brand} panolarına kaydet.",
    pinTitle: "{name} tarafından {board} panosunda Pin",
    boardDescription: "{name} tarafından {brand} üzerinde bir pano.",
    profileDescription: "{name} kullanıcısının {brand} üzerinde kaydettiği panoları ve Pin'leri gör.",
  },
  ja: {
    tagline: 'ウェブで見つけたアイデアを{brand}のボードに保存しましょう。',
    pinTitle: '{name}さんが{board}に保存したピン',
    boardDescription: '{brand}の{name}さんのボード。',
    profileDescription: '{name}さんが{brand}に保存したボードとピンを見る。',
  },
  ko: {
    tagline: '웹에서 찾은 아이디어를 {brand} 보드에 저장하세요.',
    pinTitle: '{board}에 있는 {name}님의 핀',
    boardDescription: '{brand}에 있는 {name}님의 보드.',
    profileDescription: '{name}님이 {brand}에 저장한 보드와 핀을 확인하세요.',
  },
  zh: {
    tagline: '把在网上发现的灵感保存到 {brand} 的图板上。',
    pinTitle: '{name} 保存在 {board} 的 Pin',
    boardDescription: '{name} 在 {brand} 上的图板。',
    profileDescription: '查看 {name} 在 {brand} 上保存的图板和 Pin。',
  },
  ar: {
    tagline: 'احفظ الأفكار التي تجدها على الويب في لوحات على {brand}.',
    pinTitle: 'Pin من {name} على {board}',
    boardDescription: 'لوحة من {name} على {brand}.',
    profileDescription: 'شاهد اللوحات والـ Pins التي يحفظها {name} على {brand}.',
  },
};

/** A preview word in a language, with the product's name and the given names filled in (plain text: head.ts escapes). */
export function previewWord(locale: Locale, brand: string, key: PreviewWord, names: { name?: string; board?: string } = {}): string {
  const text = (locale === 'en' ? EN : OTHERS[locale])[key];
  // One pass: a name that itself reads "{board}" stays as written.
  const values: Record<string, string> = { brand, name: names.name ?? '', board: names.board ?? '' };
  return text.replace(/\{(brand|name|board)\}/g, (_, name: string) => values[name]!);
}
