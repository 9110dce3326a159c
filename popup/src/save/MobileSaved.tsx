import { useEffect } from 'react';
import { t } from '../i18n';
import type { CreatedPin } from '../types';

/** The success toast shows 5 seconds. */
export const SUCCESS_TOAST_MS = 5_000;

/**
 * Mobile success: a toast 'Saved to {board}' with View, then the window closes
 * when it is a popup or has no history, and otherwise goes back one step, or two after a board or section
 * made on its own page (that page replaced itself with the create page it returned to).
 */
export function MobileSaved({ pin, steps = 1 }: { pin: CreatedPin; steps?: number }) {
  useEffect(() => {
    const timer = setTimeout(() => {
      if (window.opener || history.length <= 1) window.close();
      else history.go(-steps);
    }, SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div class="toast success-toast" role="status">
      {/* Saved into a section, the toast names it as the desktop heading does. */}
      {pin.section ? t('success.savedToSection', { section: pin.section.title, board: pin.board.name }) : t('success.savedTo', { board: pin.board.name })}{' '}
      <a href={`/pin/${pin.id}/`} target="_blank" rel="noopener">
        {t('success.view')}
      </a>
    </div>
  );
}
