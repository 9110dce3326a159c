import type { ViewerData } from '../types';
import { ConnectedAccounts } from './ConnectedAccounts';

/** /settings/account/: the account's settings; a visitor is sent to log in and back here. */
export function SettingsPage({ viewer }: { viewer: ViewerData | null }) {
  if (!viewer) return <p class="muted">Loading…</p>;
  if (viewer.type !== 'AUTH') {
    return (
      <main class="settings">
        <h1>Account settings</h1>
        <p>
          <a href={`/login?next=${encodeURIComponent('/settings/account/')}`}>Log in</a> to see your settings.
        </p>
      </main>
    );
  }
  return (
    <main class="settings">
      <h1>Account settings</h1>
      <ConnectedAccounts />
    </main>
  );
}
