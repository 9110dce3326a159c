import { LOCALES } from '../../../api/src/lib/rules/locales';
import { chooseLocale, locale, t } from '.';

/** Each language by its own name ("Français", "العربية"), from Intl rather than a list of ours. */
const endonym = (code: string) => {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
};

/** The explicit choice of language, in the popup's footer: remembered, and applied at once. */
export function LanguageSelect() {
  return (
    <p class="language">
      <label for="language-select">{t('common.language')}</label>{' '}
      <select id="language-select" value={locale()} onChange={(e) => void chooseLocale(e.currentTarget.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {endonym(code)}
          </option>
        ))}
      </select>
    </p>
  );
}
