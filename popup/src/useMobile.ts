import { useEffect, useState } from 'react';

/** The mobile variant of saving.md section 2.3: a phone-sized viewport. */
export const MOBILE_QUERY = '(max-width: 600px)';

export function useMobile(): boolean {
  const [mobile, setMobile] = useState(() => typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(MOBILE_QUERY);
    const update = () => setMobile(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return mobile;
}
