import { useState } from 'react';
import { ResourceError, v3 } from '../api';
import { fromEnglish } from '../i18n';
import { t } from './messages';

/**
 * A partner's link status check (the link_status_validation gate): before publishing, the server follows
 * the link as a click on the pin would (GET /v3/offsite/, which never bills a click) and says where it
 * lands or why no one would be sent there.
 */
export function LinkCheck({ link }: { link: string }) {
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  const check = () => {
    setBusy(true);
    setVerdict(null);
    v3('/v3/offsite/', { query: { url: link.trim(), check_only: 'true' } })
      .then((v) =>
        setVerdict(
          v.redirect_status === 'ok'
            ? { ok: true, text: t('linkWorks', { url: v.url }) }
            : { ok: false, text: t('linkNotFollowed', { status: v.redirect_status }) },
        ),
      )
      .catch((e: unknown) => setVerdict({ ok: false, text: e instanceof ResourceError ? fromEnglish(e.message) : String(e) }))
      .finally(() => setBusy(false));
  };
  return (
    <div class="link-check">
      <button type="button" class="secondary" disabled={busy || !link.trim()} onClick={check}>
        {t('checkLink')}
      </button>
      {verdict && (
        <p class={verdict.ok ? 'hint' : 'error'} role={verdict.ok ? 'status' : 'alert'}>
          {verdict.text}
        </p>
      )}
    </div>
  );
}
