import { LABELS } from './label-words';

/**
 * Button labels in the languages pinit.js offers (locales/<lang>/sdk.json, label-words.ts), chosen by
 * data-pin-lang or the page's lang. Each entry: Save, Follow, Close. 'Pin it' (data-pin-save="false") is a
 * name, the same everywhere.
 */
export type LabelKey = 0 | 1 | 2;
export const SAVE: LabelKey = 0;
export const FOLLOW: LabelKey = 1;
export const CLOSE: LabelKey = 2;

/** `pt-BR` finds `pt`; anything unknown is English. */
export function label(lang: string, key: LabelKey): string {
  const code = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  return (LABELS[code] ?? LABELS.en!).split('|')[key]!;
}
