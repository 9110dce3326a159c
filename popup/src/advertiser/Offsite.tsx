import { useEffect, useState } from 'react';
import { offsiteAction, SUSPICIOUS_REASONS, type SuspiciousReason } from '../../../api/src/advertisers/rules/offsite';
import { ResourceError, v3 } from '../api';
import { t as tMain } from '../i18n';
import { t } from './messages';

const httpOnly = (url: string | null) => {
  try {
    return url && /^https?:$/.test(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
};

/** outbound_refused (api/src/lib/errors.contract.ts): the link points to an address the server's rules refuse. */
const ADDRESS_REFUSED = 60;

type Shown =
  | { action: 'refused' }
  | { action: 'stop'; url: string; status: string }
  | { action: 'warn'; url: string; reason?: SuspiciousReason }
  | { action: 'ask'; url: string }
  | { action: 'unchecked'; url: string };

/**
 * /offsite/?url=…&pin_id=… (or the spec's pin=…): the link check before
 * leaving. A person's click on a pin's link on our own pages, when the check passes it, never
 * reaches this page: the server forwards it and counts the click (api/src/advertisers/routes.ts
 * offsiteNavigation). Here come the others, and this page never leaves by itself: it says why a link
 * is not followed (blocked, adult, suspicious and why, an address that can't be used), or, for a link
 * that came from elsewhere (another site, a mail, a typed address) or could not be checked, shows
 * where it goes with a link the person may choose to follow. Only the link the named pin carries, as
 * the API reads it for this viewer, is ever offered: anything else "can't be opened".
 */
export function Offsite({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  const given = httpOnly(params.get('url'));
  const rawPin = params.get('pin') ?? params.get('pin_id') ?? '';
  const pinId = /^\d{1,20}$/.test(rawPin) ? rawPin : null;
  const url = pinId ? given : null;
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (!url || !pinId) return;
    const pin = v3('/v3/pins/{id}/', { path: { id: pinId } }).then(
      (p) => p.link === url,
      () => false,
    );
    const check = v3('/v3/offsite/', { query: { url, check_only: 'true', pin_id: pinId } });
    void pin.then(async (carried) => {
      if (!carried) return setShown({ action: 'refused' });
      try {
        const data = await check;
        const action = offsiteAction(data.redirect_status);
        if (action === 'stop') setShown({ action, url: data.url, status: data.redirect_status });
        else if (action === 'warn') setShown({ action, url: data.url, reason: data.reason });
        else setShown({ action: 'ask', url: data.url });
      } catch (error) {
        // Section 4's "an error falls back to normal navigation", as a link the person chooses, never by itself;
        // an address the rules refuse is not offered at all.
        setShown(error instanceof ResourceError && error.code === ADDRESS_REFUSED ? { action: 'refused' } : { action: 'unchecked', url });
      }
    });
    check.catch(() => undefined);
  }, []);
  if (!url || shown?.action === 'refused')
    return (
      <main class="page ads">
        <h1>{t('linkCannotOpen')}</h1>
        <p>
          <a href="/">{t('homeLink')}</a>
        </p>
      </main>
    );
  if (!shown)
    return (
      <main class="page ads">
        <p role="status" aria-label={tMain('common.loading')}>
          {t('checkingLink')}
        </p>
      </main>
    );
  const host = new URL(shown.url).host;
  // The link itself is what a person may follow (the pin's, checked above), wherever the check saw it land.
  const onward = (
    <p>
      <a class="secondary" href={url} rel="noopener noreferrer nofollow">
        {shown.action === 'warn' ? t('continueToSite') : t('continueTo', { host: new URL(url).host })}
      </a>
    </p>
  );
  return (
    <main class="page ads offsite">
      {shown.action === 'stop' ? (
        <>
          <h1>{shown.status === 'porn' ? t('adultLink') : t('blockedLink')}</h1>
          <p>{t('blockedText', { host })}</p>
        </>
      ) : shown.action === 'warn' ? (
        <>
          <h1>{t('unsafeTitle')}</h1>
          <p>{shown.reason && (SUSPICIOUS_REASONS as readonly string[]).includes(shown.reason) ? t(`reason_${shown.reason}`) : t('unsafeText', { host })}</p>
          {onward}
        </>
      ) : shown.action === 'unchecked' ? (
        <>
          <h1>{t('uncheckedTitle')}</h1>
          <p>{t('uncheckedText', { host })}</p>
          {onward}
        </>
      ) : (
        <>
          <h1>{t('leavingTitle')}</h1>
          <p>{t('leavingText', { host })}</p>
          {onward}
        </>
      )}
      <p>
        <button type="button" class="primary" onClick={() => (history.length > 1 ? history.back() : location.assign('/'))}>
          {t('goBack')}
        </button>
      </p>
    </main>
  );
}
