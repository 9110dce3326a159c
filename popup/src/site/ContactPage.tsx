import { linked } from '../i18n/linked';
import { t } from './messages';

/**
 * 'Contact us' (the account-recovery dialog's link). The product has no help desk of its own:
 * the page says what a locked-out person can do here, and where anything else goes.
 */
export function ContactPage() {
  return (
    <main class="page">
      <h1>{t('contactTitle')}</h1>
      <p>{linked((slots) => t('lockedOut', slots), { reset: <a href="/password/reset/">{t('resetLink')}</a> })}</p>
      <p>{t('otherwise')}</p>
      <p>
        <a href="/">{t('home')}</a>
      </p>
    </main>
  );
}
