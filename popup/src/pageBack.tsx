import { safeNext } from '../../api/src/lib/rules/next';
import { Icon } from './Icons';
import { t } from './i18n';

/**
 * The page-level Back control: back one step, except
 * - with no history, or when the page before was one that only passes the user on (log-in, sign-up,
 *   password reset: going back there would bounce straight forward again), to a fallback URL;
 * - on (or just after) a password-reset link opened with the native-dismiss flag, to
 *   '/login/?dismissWebview=true', which tells a native app's web view to close.
 */
const PASSES_ON = /^\/(?:login|signup|business\/login|password\/reset)\/?$/;
const RESET = /^\/password\/reset\/?$/;
/** The flag a native app adds to the links it opens in a web view. */
export const NATIVE_DISMISS = 'native_dismiss';

export interface Whence {
  historyLength: number;
  pathname: string;
  referrer: string;
  origin: string;
  search: string;
}

/** Where Back goes: a URL, or 'back' for one step back. */
export function backTarget(whence: Whence, fallback = '/'): string {
  let from: URL | null = null;
  try {
    from = new URL(whence.referrer);
  } catch {
    // No referrer (typed, bookmarked, or withheld by the referrer policy).
  }
  const ours = from?.origin === whence.origin ? from.pathname : null;
  const afterReset = RESET.test(whence.pathname) || (ours !== null && RESET.test(ours));
  if (afterReset && new URLSearchParams(whence.search).has(NATIVE_DISMISS)) return '/login/?dismissWebview=true';
  if (whence.historyLength <= 1 || (ours && PASSES_ON.test(ours))) return fallback;
  return 'back';
}

export function pageBack(fallback = '/'): void {
  const target = backTarget(
    { historyLength: history.length, pathname: location.pathname, referrer: document.referrer, origin: location.origin, search: location.search },
    fallback,
  );
  if (target === 'back') history.back();
  else location.assign(safeNext(target));
}

/** Close in a popup (the publisher's Save opened it); anywhere else, the page-level Back. */
export const leave = (): void => (window.opener ? window.close() : pageBack());

/** The page-level Back control, for full pages. */
export function BackButton({ fallback }: { fallback?: string }) {
  return (
    <button type="button" class="icon-button page-back" aria-label={t('common.back')} onClick={() => pageBack(fallback)}>
      <Icon name="back" />
    </button>
  );
}
