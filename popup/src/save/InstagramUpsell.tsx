import { useEffect, useRef, useState } from 'react';
import { markUpsellSeen } from './instagram';
import { t } from '../i18n';

/** The dismiss button fades in after 2 seconds. */
export const UPSELL_DISMISS_DELAY_MS = 2_000;

export function InstagramUpsell({ onClose }: { onClose(): void }) {
  const [canDismiss, setCanDismiss] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    markUpsellSeen(localStorage);
    dialog.current?.focus();
    const timer = setTimeout(() => setCanDismiss(true), UPSELL_DISMISS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div class="upsell" role="dialog" aria-modal="true" aria-labelledby="upsell-title" tabIndex={-1} ref={dialog}>
      <h2 id="upsell-title">{t('success.instagramTitle')}</h2>
      <a class="primary" href="/settings/claim/" target="_blank" rel="noopener">
        {t('success.instagramConnect')}
      </a>
      {canDismiss && (
        <button type="button" class="secondary fade-in" onClick={onClose}>
          {t('common.notNow')}
        </button>
      )}
    </div>
  );
}
