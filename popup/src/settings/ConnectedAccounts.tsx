import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from '../api';
import { connectProvider, loadProviders, NO_PROVIDERS, PROVIDER_LABELS, SocialError, type ProviderName, type ProvidersInfo } from '../auth/social';
import { Toast, TOAST_MS } from '../auth/Toast';

/** SocialIdentitiesResource get/delete: the providers connected to the account, and whether it has a password. */
interface Identities {
  has_password: boolean;
  identities: { provider: ProviderName; email: string | null; created_at: number }[];
}

/** Disconnecting the only way in is refused; the settings say so before the server has to. */
export const LAST_WAY_IN = 'This is your only way to log in. Set a password before you disconnect it.';

/**
 * Account settings, connected accounts (issue 15): connect a provider (a 'link' popup while logged in),
 * disconnect one unless it is the only way in, and set a first password for an account made through a
 * provider.
 */
export function ConnectedAccounts() {
  const [providers, setProviders] = useState<ProvidersInfo>(NO_PROVIDERS);
  const [state, setState] = useState<Identities | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProviderName, string>>>({});
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const reload = () => getResource<Identities>('SocialIdentitiesResource').then(setState);
  useEffect(() => {
    void loadProviders().then(setProviders);
    void reload().catch(() => setToast('Sorry! Something went wrong on our end.'));
  }, []);

  const message = (error: unknown) => (error instanceof ResourceError ? error.body.message : error instanceof SocialError ? error.body.message : 'Sorry! Something went wrong on our end.');

  const connect = async (provider: ProviderName) => {
    setErrors({});
    try {
      const result = await connectProvider(provider, 'link');
      if (result.outcome === 'linked') setToast(`Your ${PROVIDER_LABELS[provider]} account is connected.`);
      await reload();
    } catch (error) {
      setErrors({ [provider]: message(error) });
    }
  };

  const disconnect = async (provider: ProviderName) => {
    setErrors({});
    if (state && !state.has_password && state.identities.length === 1) return setErrors({ [provider]: LAST_WAY_IN });
    try {
      setState(await postResource<Identities>('SocialIdentitiesResource', 'delete', { provider }));
      setToast(`Your ${PROVIDER_LABELS[provider]} account is disconnected.`);
    } catch (error) {
      setErrors({ [provider]: message(error) });
    }
  };

  const setFirstPassword = async (event: Event) => {
    event.preventDefault();
    try {
      await postResource('SocialPasswordResource', 'create', { new_password: password });
      setPassword('');
      setPasswordError(undefined);
      setToast('Your password is set.');
      await reload();
    } catch (error) {
      setPasswordError(message(error));
    }
  };

  if (!state) return <p class="muted">Loading…</p>;
  const shown = (Object.keys(PROVIDER_LABELS) as ProviderName[]).filter((name) => providers[name].configured || state.identities.some((i) => i.provider === name));
  return (
    <section class="settings-section" aria-labelledby="connected-title">
      <h2 id="connected-title">Connected accounts</h2>
      <p class="muted">{state.has_password ? 'Log in with any connected account, or with your email and password.' : 'Log in with any connected account.'}</p>
      <ul class="connected-list">
        {shown.map((name) => {
          const linked = state.identities.find((identity) => identity.provider === name);
          return (
            <li key={name} class="connected-row">
              <span class="connected-name">{PROVIDER_LABELS[name]}</span>
              <span class="connected-status">{linked ? `Connected${linked.email ? ` as ${linked.email}` : ''}` : 'Not connected'}</span>
              {linked ? (
                <button type="button" class="secondary" onClick={() => void disconnect(name)}>
                  Disconnect {PROVIDER_LABELS[name]}
                </button>
              ) : (
                <button type="button" class="secondary" disabled={providers[name].disabled} onClick={() => void connect(name)}>
                  Connect {PROVIDER_LABELS[name]}
                </button>
              )}
              {errors[name] && (
                <p class="error" role="alert">
                  {errors[name]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {!state.has_password && (
        <form class="settings-password" onSubmit={(event) => void setFirstPassword(event)}>
          <h3>Set a password</h3>
          <p class="muted">Your account has no password yet: set one to log in with your email, too.</p>
          <label>
            New password
            <input type="password" autoComplete="new-password" value={password} onInput={(event) => setPassword((event.target as HTMLInputElement).value)} />
          </label>
          {passwordError && (
            <p class="error" role="alert">
              {passwordError}
            </p>
          )}
          <button type="submit" class="primary">
            Set password
          </button>
        </form>
      )}
      {toast && <Toast message={toast} duration={TOAST_MS.error} onDone={() => setToast(null)} />}
    </section>
  );
}
