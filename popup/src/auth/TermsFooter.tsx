import { BRAND } from '../brand';
import { t } from '../i18n';
import { linked } from '../i18n/linked';
/**
 * The terms footer: terms of service, the privacy policy and a notice at
 * collection; with the Florida experiment (fdbr_teen_compliance) the notice gives way to an
 * opt-in statement and a delete-account link.
 */
export function TermsFooter({ florida }: { florida: boolean }) {
  return (
    <p class="terms">
      {t('auth.termsAgree', { brand: BRAND })} <a href="/_/_/policy/terms-of-service/">{t('auth.terms')}</a> {t('auth.termsRead')}{' '}
      <a href="/_/_/policy/privacy-policy/">{t('auth.privacy')}</a>.{' '}
      {florida ? (
        linked((slots) => t('auth.florida', slots), { link: <a href="/settings/account-management/">{t('auth.deleteAccount')}</a> })
      ) : (
        <a href="/_/_/policy/privacy-policy/#notice-at-collection">{t('auth.notice')}</a>
      )}
    </p>
  );
}
