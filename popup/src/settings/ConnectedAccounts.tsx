import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../api/src/resources.contract';
import { getResource, postResource, ResourceError } from '../api';
import { connectProvider, loadProviders, NO_PROVIDERS, PROVIDER_LABELS, SocialError, type ProviderName, type ProvidersInfo } from '../auth/social';
import { Toast, TOAST_MS } from '../auth/Toast';
import { fromEnglish, t as main } from '../i18n';
import { t } from '../pages/messages';

/** SocialIdentitiesResource get/delete: the providers connected to the account, and whether it has a password. */
type Identities = AnswerOf<'SocialIdentitiesResource', 'get'>;

/**
 * Account settings, connected accounts: connect a provider (a 'link' popup while logged in),
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

  const reload = () => getResource('SocialIdentitiesResource').then(setState);
  useEffect(() => {
    void loadProviders().then(setProviders);
    void reload().catch(() => setToast(main('server.generic')));
  }, []);

  const message = (error: unknown) =>
    error instanceof ResourceError || error instanceof SocialError ? fromEnglish(error.body.message) : main('server.generic');

  const connect = async (provider: ProviderName) => {
    setErrors({});
    try {
      const result = await connectProvider(provider, 'link');
      if (result.outcome === 'linked') setToast(t('nowConnected', { provider: PROVIDER_LABELS[provider] }));
      await reload();
    } catch (error) {
      setErrors({ [provider]: message(error) });
    }
  };

  const disconnect = async (provider: ProviderName) => {
    setErrors({});
    // Disconnecting the only way in is refused; the settings say so before the server has to.
    if (state && !state.has_password && state.identities.length === 1) return setErrors({ [provider]: t('lastWayIn') });
    try {
      setState(await postResource('SocialIdentitiesResource', 'delete', { provider }));
      setToast(t('nowDisconnected', { provider: PROVIDER_LABELS[provider] }));
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
      setToast(t('passwordSet'));
      await reload();
    } catch (error) {
      setPasswordError(message(error));
    }
  };

  if (!state) return <p class="muted">{main('common.loading')}</p>;
  const shown = (Object.keys(PROVIDER_LABELS) as ProviderName[]).filter(
    (name) => providers[name].configured || state.identities.some((i) => i.provider === name),
  );
  return (
    <section class="settings-section" aria-labelledby="connected-title">
      <h2 id="connected-title">{t('connectedAccounts')}</h2>
      <p class="muted">{state.has_password ? t('logInAnyOrPassword') : t('logInAny')}</p>
      <ul class="connected-list">
        {shown.map((name) => {
          const linked = state.identities.find((identity) => identity.provider === name);
          return (
            <li key={name} class="connected-row">
              <span class="connected-name">{PROVIDER_LABELS[name]}</span>
              <span class="connected-status">{linked ? (linked.email ? t('connectedAs', { email: linked.email }) : t('connected')) : t('notConnected')}</span>
              {linked ? (
                <button type="button" class="secondary" onClick={() => void disconnect(name)}>
                  {t('disconnect', { provider: PROVIDER_LABELS[name] })}
                </button>
              ) : (
                <button type="button" class="secondary" disabled={providers[name].disabled} onClick={() => void connect(name)}>
                  {t('connect', { provider: PROVIDER_LABELS[name] })}
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
          <h3>{t('setAPassword')}</h3>
          <p class="muted">{t('noPasswordYet')}</p>
          <label>
            {t('newPassword')}
            <input type="password" autoComplete="new-password" value={password} onInput={(event) => setPassword((event.target as HTMLInputElement).value)} />
          </label>
          {passwordError && (
            <p class="error" role="alert">
              {passwordError}
            </p>
          )}
          <button type="submit" class="primary">
            {t('setPassword')}
          </button>
        </form>
      )}
      {toast && <Toast message={toast} duration={TOAST_MS.error} onDone={() => setToast(null)} />}
    </section>
  );
}
