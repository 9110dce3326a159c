import type { z } from 'zod';
import type { queueAnswer } from '../../../../api/src/reports/contract';
import type { Decision } from '../../../../api/src/reports/rules';
import { v3 } from '../../api';

export type QueueItem = z.infer<typeof queueAnswer>['items'][number];

export const loadQueue = () => v3('/v3/admin/reports/');

export const decide = (item: QueueItem, decision: Decision, reason: string, proof: { password?: string; code?: string }) =>
  v3('/v3/admin/reports/decide/', { body: { object_kind: item.object_kind, object_id: item.object_id, decision, reason, ...proof } });
