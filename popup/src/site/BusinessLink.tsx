import { useEffect, useState } from 'react';
import { v3 } from '../api';
import { t } from '../i18n';

/**
 * The header's link to the business area, for a viewer with an access profile (a business owner or a
 * member acting for one); nobody else sees it. A lazy chunk: the save popup never renders the header.
 * /advertiser/ opens the active profile's home, as every unscoped advertiser link does.
 */
export function BusinessLink() {
  const [member, setMember] = useState(false);
  useEffect(() => {
    v3('/vx/business_access/profiles/').then(
      (profiles) => setMember(profiles.length > 0),
      () => setMember(false),
    );
  }, []);
  return member ? <a href="/advertiser/">{t('pages.business')}</a> : null;
}
