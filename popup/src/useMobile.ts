import { useEffect, useState } from 'react';

/** The mobile variant: a phone-sized viewport. */
export const MOBILE_QUERY = '(max-width: 600px)';

/**
 * A phone's browser, whatever the window's size: User-Agent Client Hints' `mobile` where the browser has
 * them, else "Mobi" in the user agent (MDN's advice; tablets do not say it). A phone may open the popup
 * wider than 600 px (a landscape phone, the SDK's window size honoured), and is still a phone.
 */
export function isMobileDevice(
  nav: { userAgent: string; userAgentData?: { mobile?: boolean } } | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true;
  return /Mobi/i.test(nav.userAgent);
}

export function useMobile(): boolean {
  const narrow = () => typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches;
  const [mobile, setMobile] = useState(() => isMobileDevice() || narrow());
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(MOBILE_QUERY);
    const update = () => setMobile(isMobileDevice() || list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return mobile;
}
