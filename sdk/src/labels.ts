/**
 * Button labels in the languages pinit.js offers, chosen by data-pin-lang or the page's lang.
 * Each entry: Save, Follow, Close. 'Pin it' (data-pin-save="false") is a name, the same everywhere.
 */
const LABELS: Record<string, string> = {
  en: 'Save|Follow|Close',
  de: 'Merken|Folgen|Schließen',
  fr: 'Enregistrer|Suivre|Fermer',
  es: 'Guardar|Seguir|Cerrar',
  it: 'Salva|Segui|Chiudi',
  pt: 'Salvar|Seguir|Fechar',
  nl: 'Bewaren|Volgen|Sluiten',
  sv: 'Spara|Följ|Stäng',
  pl: 'Zapisz|Obserwuj|Zamknij',
  ru: 'Сохранить|Подписаться|Закрыть',
  tr: 'Kaydet|Takip et|Kapat',
  ja: '保存|フォロー|閉じる',
  ko: '저장|팔로우|닫기',
  zh: '保存|关注|关闭',
};

export type LabelKey = 0 | 1 | 2;
export const SAVE: LabelKey = 0;
export const FOLLOW: LabelKey = 1;
export const CLOSE: LabelKey = 2;

/** `pt-BR` finds `pt`; anything unknown is English. */
export function label(lang: string, key: LabelKey): string {
  const code = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  return (LABELS[code] ?? LABELS.en!).split('|')[key]!;
}
