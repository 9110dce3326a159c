import { useEffect, useState } from 'react';
import { getResource } from '../../api';
import { formatNumber } from '../../i18n';
import type { NotificationsService } from '../../../../api/src/notifications/service';
import { t } from './messages';

type Count = Awaited<ReturnType<NotificationsService['unread']>>;

/**
 * The header's Notifications link with the unread count (issue 28). A lazy chunk of its own: the
 * save popup's first-open bundle carries only the import. Read when the page opens and again when
 * the list page marks everything read.
 */
export function NotificationsLink() {
  const [count, setCount] = useState<Count | null>(null);
  useEffect(() => {
    const read = () =>
      getResource<Count>('NotificationCountResource', {})
        .then(setCount)
        .catch(() => setCount(null));
    read();
    window.addEventListener('corkboard:notifications-read', read);
    return () => window.removeEventListener('corkboard:notifications-read', read);
  }, []);
  const unread = count?.unread ?? 0;
  const shown = count?.more ? `${formatNumber(unread)}+` : formatNumber(unread);
  return (
    <a href="/notifications/" class="notifications-link" aria-label={unread > 0 ? `${t('title')}, ${t('unread', { count: shown })}` : undefined}>
      {t('title')}
      {unread > 0 && (
        <span class="count-badge" aria-hidden="true">
          {shown}
        </span>
      )}
    </a>
  );
}
