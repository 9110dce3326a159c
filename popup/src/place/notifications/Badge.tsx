import { useEffect, useState } from 'react';
import { getResource } from '../../api';
import { formatNumber } from '../../i18n';
import type { UnreadAnswer } from '../../../../api/src/notifications/contract';
import { t } from './messages';

type Count = UnreadAnswer;

/**
 * The header's Notifications link with the unread count. A lazy chunk of its own: the
 * save popup's first-open bundle carries only the import. Read when the page opens and again when
 * the list page marks everything read.
 */
export function NotificationsLink() {
  const [count, setCount] = useState<Count | null>(null);
  useEffect(() => {
    const read = () =>
      getResource('NotificationCountResource', {})
        .then(setCount)
        .catch(() => setCount(null));
    read();
    window.addEventListener('corkboard:notifications-read', read);
    return () => window.removeEventListener('corkboard:notifications-read', read);
  }, []);
  const unread = count?.unread ?? 0;
  const shown = count?.more ? `${formatNumber(unread)}+` : formatNumber(unread);
  return (
    // The count is read as words ("Notifications, 3 unread"); the badge itself is what the eye reads.
    <a href="/notifications/" class="notifications-link">
      {unread > 0 ? (
        <>
          <span aria-hidden="true">{t('title')}</span>
          <span class="count-badge" aria-hidden="true">
            {shown}
          </span>
          <span class="visually-hidden">{`${t('title')}, ${t('unread', { count: shown })}`}</span>
        </>
      ) : (
        t('title')
      )}
    </a>
  );
}
