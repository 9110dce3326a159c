import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from '../../api';
import { fromEnglish, t as main } from '../../i18n';
import type { DomainClaimAnswer } from '../../../../api/src/users/contract';
import { t } from './messages';

/**
 * The profile's website made official: a tag for the site's home page, the check that reads it, and the
 * way to let it go. `website` is the saved website (the claim is of what the profile names, not a draft).
 */
export function WebsiteClaim({ website }: { website: string }) {
  const [claim, setClaim] = useState<DomainClaimAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    setError('');
    void getResource('UserDomainClaimResource').then(setClaim, () => setClaim(null));
  }, [website]);
  if (!claim) return null;

  const act = async (action: 'create' | 'update' | 'delete', done: (next: DomainClaimAnswer) => string) => {
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const next = await postResource('UserDomainClaimResource', action, {});
      setClaim(next);
      setStatus(done(next));
    } catch (e) {
      // The server's refusal, its detail first (which site could not be read, where it redirects).
      setError(e instanceof ResourceError ? fromEnglish(e.message) : main('server.generic'));
    } finally {
      setBusy(false);
    }
  };
  const domain = claim.domain;
  const held = domain !== null && claim.verified_domain === domain;
  return (
    // Not a labelled region: its heading holds the word "website", and the form's Website field is the one that name finds.
    <section class="website-claim">
      <h2>{t('officialTitle')}</h2>
      {!domain ? (
        <p class="muted">{t('officialNoWebsite')}</p>
      ) : held ? (
        <>
          <p>{t('officialHeld', { domain })}</p>
          <button type="button" class="secondary" disabled={busy} onClick={() => void act('delete', () => t('officialLetGo', { domain }))}>
            {t('officialUnclaim', { domain })}
          </button>
        </>
      ) : claim.meta_tag ? (
        <>
          <p>{t('officialTagIntro')}</p>
          <input class="website-claim-tag" readOnly value={claim.meta_tag} aria-label={t('officialTag')} onFocus={(e) => e.currentTarget.select()} />
          <p class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void act('update', () => t('officialProved'))}>
              {t('officialVerify')}
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => void act('create', () => '')}>
              {t('officialNewTag')}
            </button>
          </p>
        </>
      ) : (
        <>
          <p>{t('officialIntro', { domain })}</p>
          <button type="button" class="primary" disabled={busy} onClick={() => void act('create', () => '')}>
            {t('officialClaim', { domain })}
          </button>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
