import { useEffect, useState } from 'react';
import { offsiteAction } from '../../../api/src/advertisers/rules/offsite';
import { t as tMain } from '../i18n';
import { call } from './api';
import { t } from './messages';

const httpOnly = (url: string | null) => {
  try {
    return url && /^https?:$/.test(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
};

/**
 * /offsite/?url=…&pin_id=…: the link check before leaving (advertiser.md section 4). Blocked and porn are
 * not followed; suspicious warns with a way on; anything else opens; an error falls back to plain navigation.
 * The page leaves only for the link the named pin carries, as the API reads it for this viewer: without
 * that, /offsite/?url=https://anywhere on our origin would be an open redirect (a phishing link that
 * shows our address), and any error of the check would send the visitor on.
 */
export function Offsite({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  const given = httpOnly(params.get('url'));
  // A pin's link followed from its page: the check counts it as a click when the pin is promoted.
  const pinId = /^\d{1,20}$/.test(params.get('pin_id') ?? '') ? params.get('pin_id') : null;
  const url = pinId ? given : null;
  const [state, setState] = useState<{ action: 'stop' | 'warn' | 'refused'; url: string; status: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    const refused = () => setState({ action: 'refused', url, status: '' });
    const pin = call<{ link: string | null }>(`/v3/pins/${pinId}/`).then((p) => p.link === url, () => false);
    const check = call<{ redirect_status: string; url: string }>(`/v3/offsite/?url=${encodeURIComponent(url)}&check_only=true&pin_id=${pinId}`);
    void pin.then(async (carried) => {
      if (!carried) return refused();
      try {
        const data = await check;
        const action = offsiteAction(data.redirect_status);
        if (action === 'open') location.replace(url);
        else setState({ action, url: data.url, status: data.redirect_status });
      } catch {
        location.replace(url);
      }
    });
    check.catch(() => undefined);
  }, []);
  if (!url || state?.action === 'refused') return <main class="page ads"><h1>{t('linkCannotOpen')}</h1><p><a href="/">{t('homeLink')}</a></p></main>;
  if (!state) return <main class="page ads"><p role="status" aria-label={tMain('common.loading')}>{t('checkingLink')}</p></main>;
  return (
    <main class="page ads offsite">
      {state.action === 'stop' ? (
        <>
          <h1>{state.status === 'porn' ? t('adultLink') : t('blockedLink')}</h1>
          <p>{t('blockedText', { host: new URL(state.url).host })}</p>
        </>
      ) : (
        <>
          <h1>{t('unsafeTitle')}</h1>
          <p>{t('unsafeText', { host: new URL(state.url).host })}</p>
          <p>
            <a class="secondary" href={url} rel="noopener noreferrer nofollow">
              {t('continueToSite')}
            </a>
          </p>
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
