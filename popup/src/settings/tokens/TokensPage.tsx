import { useEffect, useState } from 'react';
import type { AccessToken } from '../../../../api/src/tokens/contract';
import { getResource } from '../../api';
import { BRAND } from '../../brand';
import { locale, t as main } from '../../i18n';
import type { ViewerData } from '../../types';
import { failure, loadStatus, post, type SecurityStatus } from '../security/client';
import { Done, Field, Problem } from '../security/Field';
import { t as security } from '../security/messages';
import { t } from './messages';

type Scope = AccessToken['scope'];

/**
 * /settings/tokens/: personal access tokens (api/src/tokens/). Made with the current password, the secret
 * shown once; the list shows each token's name, access, and when it was made and last used; revoking is one click.
 */
export function TokensPage({ viewer }: { viewer: ViewerData | null }) {
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [status, setStatus] = useState<SecurityStatus | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('write');
  // The fresh proof (api/src/auth/security.ts): the password, and a two-factor code when two-factor is on.
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const signedIn = viewer?.type === 'AUTH';
  const reload = () => getResource('AccessTokenResource').then(setTokens, (caught: unknown) => setError(failure(caught)));
  useEffect(() => {
    if (!signedIn) return;
    void reload();
    loadStatus().then(setStatus, (caught: unknown) => setError(failure(caught)));
  }, [signedIn]);

  if (!viewer) return <p class="muted">{main('common.loading')}</p>;
  if (!signedIn) {
    return (
      <main class="settings">
        <h1>{t('title')}</h1>
        <p>
          <a href={`/login?next=${encodeURIComponent('/settings/tokens/')}`}>{t('logInFirst')}</a>
        </p>
      </main>
    );
  }

  const create = async (event: Event) => {
    event.preventDefault();
    if (!status || busy) return;
    setBusy(true);
    setError('');
    setDone('');
    try {
      const proof = { ...(status.has_password ? { password } : {}), ...(status.mfa.method ? { code } : {}) };
      const made = await post('AccessTokenResource', 'create', { name, scope, ...proof });
      setSecret(made.token);
      setName('');
      setPassword('');
      setCode('');
      await reload();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (token: AccessToken) => {
    setError('');
    setDone('');
    try {
      await post('AccessTokenResource', 'delete', { id: token.id });
      setDone(t('revoked'));
      await reload();
    } catch (caught) {
      setError(failure(caught));
    }
  };
  const when = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <main class="settings">
      <p>
        <a href="/settings/account/">{t('toSettings')}</a>
      </p>
      <h1>{t('title')}</h1>
      <p>{t('intro', { brand: BRAND })}</p>
      <p class="muted">{t('dies')}</p>
      {/* What a token opens: every route and resource action, in the API reference. */}
      <p>
        <a href="/developers/api/">{main('pages.apiReference')}</a>
      </p>
      {secret && (
        <section class="settings-section" aria-labelledby="new-token-title">
          <h2 id="new-token-title">{t('newTitle')}</h2>
          <p>{t('newIntro')}</p>
          <input readOnly class="token-secret" aria-label={t('newTitle')} value={secret} onFocus={(event) => (event.target as HTMLInputElement).select()} />
          <button type="button" class="secondary" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setDone(t('copied')))}>
            {t('copy')}
          </button>
        </section>
      )}
      <section class="settings-section" aria-labelledby="create-token-title">
        <h2 id="create-token-title">{t('create')}</h2>
        <form onSubmit={(event) => void create(event)}>
          <Field label={t('name')} value={name} onValue={setName} name="token-name" />
          <fieldset>
            <legend>{t('scope')}</legend>
            {(['read', 'write'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="token-scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
                {value === 'read' ? t('scopeRead') : t('scopeWrite')}
              </label>
            ))}
          </fieldset>
          {status?.has_password && (
            <Field
              label={security('currentPassword')}
              type="password"
              value={password}
              onValue={setPassword}
              autoComplete="current-password"
              name="token-password"
            />
          )}
          {status?.mfa.method && <Field label={security('codeOrBackup')} value={code} onValue={setCode} autoComplete="one-time-code" name="token-code" />}
          <button type="submit" disabled={busy || !status}>
            {t('create')}
          </button>
        </form>
      </section>
      <section class="settings-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title">{t('listTitle')}</h2>
        {!tokens ? (
          <p class="muted">{main('common.loading')}</p>
        ) : tokens.length === 0 ? (
          <p class="muted">{t('none')}</p>
        ) : (
          <ul class="connected-list">
            {tokens.map((token) => (
              <li key={token.id} class="connected-row" data-token={token.name}>
                <span class="connected-name">{token.name}</span>
                <span class="muted">{token.scope === 'read' ? t('scopeRead') : t('scopeWrite')}</span>
                <span class="muted">{t('created', { time: when.format(token.created_at) })}</span>
                <span class="muted">{token.last_used_at === null ? t('neverUsed') : t('lastUsed', { time: when.format(token.last_used_at) })}</span>
                <button type="button" class="secondary" aria-label={`${t('revoke')}: ${token.name}`} onClick={() => void revoke(token)}>
                  {t('revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Problem text={error} />
      {done && <Done>{done}</Done>}
    </main>
  );
}
