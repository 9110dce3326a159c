import { LOCALE_NAMES, LOCALES } from '../../../api/src/lib/rules/locales';
import { chooseLocale, locale, t } from '.';

/** The explicit choice of language, in the popup's footer: remembered, and applied at once. */
export function LanguageSelect() {
  return (
    <p class="language">
      <label for="language-select">{t('common.language')}</label>{' '}
      <select id="language-select" value={locale()} onChange={(e) => void chooseLocale(e.currentTarget.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </p>
  );
}
