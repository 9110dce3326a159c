import { z } from 'zod';
import { NO_LIMIT } from '../lib/declare.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { bookmarkOption } from '../lib/bookmark.js';
import { NOTIFICATIONS_PAGE_SIZE } from './rules.js';
import type { NotificationsService } from './service.js';

/** Notifications in the app (issue 28): the viewer's own, only. */
export function notificationResources(notifications: NotificationsService) {
  return {
    NotificationsResource: {
      get: legacyAction({
        caller: 'user', limit: NO_LIMIT.read,
        options: z.object({ page_size: z.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE), bookmark: bookmarkOption }),
        run: (o, { viewer }) => notifications.list(viewer.id, o),
      }),
      update: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.strictObject({}), run: (_o, { viewer }) => notifications.markRead(viewer.id) }),
    },
    NotificationCountResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({}).loose(), run: (_o, { viewer }) => notifications.unread(viewer.id) }),
    },
  } satisfies ResourceRegistry;
}
