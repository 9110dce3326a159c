import { useState } from 'react';
import { t as common } from '../i18n';
import { t } from './messages';

/** The consent keys; the first four are required. */
export const REQUIRED_CONSENTS = ['terms', 'collectionUsePersonalInfo', 'thirdPartyProvisionPersonalInfo', 'overseasTransferPersonalInfo'] as const;
export const OPTIONAL_CONSENT = 'optionalMarketingConsent';
type Key = (typeof REQUIRED_CONSENTS)[number] | typeof OPTIONAL_CONSENT;

const ALL: Key[] = [...REQUIRED_CONSENTS, OPTIONAL_CONSENT];

/**
 * The Consents step (kr_privacy_consent): 'Agree to all' ticks every box and is on only when all
 * are; Next needs the four required ones. Submitting sends kr_privacy_consent_opt_in true and
 * marketing_notifs_opt_out when the optional box is not ticked.
 */
export function Consents({ busy, onBack, onNext }: { busy: boolean; onBack(): void; onNext(marketingNotifsOptOut: boolean): void }) {
  const [ticked, setTicked] = useState<Set<Key>>(new Set());
  const all = ALL.every((key) => ticked.has(key));
  const ready = REQUIRED_CONSENTS.every((key) => ticked.has(key));
  const toggle = (key: Key, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <form
      class="consents"
      aria-labelledby="auth-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onNext(!ticked.has(OPTIONAL_CONSENT));
      }}
    >
      <h1 id="auth-title">{t('consents')}</h1>
      <p>{t('consentsIntro')}</p>
      <label class="check all">
        <input type="checkbox" checked={all} onChange={(e) => setTicked(e.currentTarget.checked ? new Set(ALL) : new Set())} />
        {t('agreeAll')}
      </label>
      {ALL.map((key) => (
        <label class="check" key={key}>
          <input type="checkbox" checked={ticked.has(key)} onChange={(e) => toggle(key, e.currentTarget.checked)} />
          {t(key)}
        </label>
      ))}
      <div class="actions">
        <button type="button" class="secondary" onClick={onBack}>
          {common('common.back')}
        </button>
        <button type="submit" class="primary" disabled={!ready || busy}>
          {t('next')}
        </button>
      </div>
    </form>
  );
}
