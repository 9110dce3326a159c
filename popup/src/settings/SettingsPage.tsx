import type { ViewerData } from '../types';
import { ConnectedAccounts } from './ConnectedAccounts';
import { EmailVerification } from './EmailVerification';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { t as transfers } from './import-export/messages';
import { ImportExportPage } from './import-export/ImportExportPage';
import { t as tProfile } from './profile/messages';
import { t as security } from './security/messages';
import { TokensPage } from './tokens/TokensPage';
import { InvitationsPage } from './invitations/InvitationsPage';
import { AreaNav } from '../ui/AreaNav';
import { t as invitations } from './invitations/messages';
import { t as tokens } from './tokens/messages';

/** /settings/account/: the account's settings; a visitor is sent to log in and back here. /settings/import-export/ comes in the same chunk. */
export function SettingsPage({ viewer, path = '/settings/account/' }: { viewer: ViewerData | null; path?: string }) {
  if (path === '/settings/import-export/') return <ImportExportPage viewer={viewer} />;
  if (path === '/settings/tokens/') return <TokensPage viewer={viewer} />;
  if (path === '/settings/invitations/') return <InvitationsPage viewer={viewer} />;
  if (!viewer) return <p class="muted">{main('common.loading')}</p>;
  if (viewer.type !== 'AUTH') {
    return (
      <main class="settings">
        <h1>{t('accountSettings')}</h1>
        <p>
          {linked((slots) => t('logInToSettings', slots), {
            logIn: <a href={`/login?next=${encodeURIComponent('/settings/account/')}`}>{main('auth.logIn')}</a>,
          })}
        </p>
      </main>
    );
  }
  return (
    <main class="settings">
      <h1>{t('accountSettings')}</h1>
      <AreaNav
        label={t('accountSettings')}
        links={[
          { href: '/settings/profile/', text: tProfile('editProfile') },
          { href: '/settings/security/', text: security('toSecurity') },
          { href: '/settings/tokens/', text: tokens('title') },
          { href: '/settings/invitations/', text: invitations('title') },
          { href: '/settings/import-export/', text: transfers('settingsLink') },
        ]}
      />
      <EmailVerification />
      <ConnectedAccounts />
    </main>
  );
}
