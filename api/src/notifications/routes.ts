import { NO_LIMIT } from '../lib/declare.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { notificationsContract } from './contract.js';
import type { NotificationsService } from './service.js';

/** Notifications in the app: the viewer's own, only. */
export function notificationResources(notifications: NotificationsService) {
  return {
    NotificationsResource: {
      get: action({
        ...notificationsContract.NotificationsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => notifications.list(viewer.id, o),
      }),
      update: action({
        ...notificationsContract.NotificationsResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (_o, { viewer }) => notifications.markRead(viewer.id),
      }),
    },
    NotificationCountResource: {
      get: action({
        ...notificationsContract.NotificationCountResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (_o, { viewer }) => notifications.unread(viewer.id),
      }),
    },
  } satisfies ResourceRegistry;
}
